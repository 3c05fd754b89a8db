package benchkit.core.annotated;

import benchkit.spi.annotations.AnnotatedWorkload;
import benchkit.spi.annotations.BenchWorkload;
import benchkit.spi.annotations.Event;
import benchkit.spi.annotations.Level;
import benchkit.spi.annotations.Param;
import benchkit.spi.annotations.Setup;
import benchkit.spi.annotations.State;

/** Classes that break one rule each. */
public final class MalformedWorkloads {
    private MalformedWorkloads() {
    }

    public static class NoAnnotation {
        @Event
        public void e() {
        }
    }

    @BenchWorkload(name = "no-events")
    public static class NoEvents {
    }

    @BenchWorkload(name = "private-event")
    public static class PrivateEvent {
        @Event
        void foo() {
        }
    }

    @BenchWorkload(name = "static-event")
    public static class StaticEvent {
        @Event
        public static void foo() {
        }
    }

    @BenchWorkload(name = "zero-weight")
    public static class ZeroWeight {
        @Event(weight = 0)
        public void foo() {
        }
    }

    @BenchWorkload(name = "bad-return")
    public static class BadReturn {
        @Event
        public int foo() {
            return 1;
        }
    }

    @BenchWorkload(name = "bad-parameter")
    public static class BadParameter {
        @Event
        public void foo(StringBuilder notAState) {
        }
    }

    @BenchWorkload(name = "iteration-level")
    public static class IterationLevel {
        @Setup(Level.ITERATION)
        public void everyIteration() {
        }

        @Event
        public void foo() {
        }
    }

    @BenchWorkload(name = "bad-param-type")
    public static class BadParamType {
        @Param
        public Object thing;

        @Event
        public void foo() {
        }
    }

    @BenchWorkload(name = "final-param")
    public static class FinalParam {
        @Param
        public final int n = 1;

        @Event
        public void foo() {
        }
    }

    @BenchWorkload(name = "bad-default")
    public static class BadDefault {
        @Param(defaultValue = "many")
        public int n;

        @Event
        public void foo() {
        }
    }

    @BenchWorkload(name = "param-in-state")
    public static class ParamInState {
        @State
        public static class S {
            @Param
            public int n;
        }

        @Event
        public void foo(S s) {
        }
    }

    @BenchWorkload(name = "session-arg-at-trial")
    public static class SessionArgAtTrial {
        @Setup
        public void setup(benchkit.spi.SessionContext context) {
        }

        @Event
        public void foo() {
        }
    }

    @BenchWorkload(name = "no-default-constructor")
    public static class NoDefaultConstructor implements AnnotatedWorkload {
        public NoDefaultConstructor(int x) {
        }

        @Event
        public void foo() {
        }
    }

    @BenchWorkload(name = "two words")
    public static class BadName {
        @Event
        public void foo() {
        }
    }
}
