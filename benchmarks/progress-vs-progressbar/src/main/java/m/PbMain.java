package m;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** One me.tongfei ProgressBar per table; args[0] picks the consumer/options. */
public final class PbMain {
    public static void main(String[] args) throws Exception {
        String v = args[0];
        long t0 = System.nanoTime();
        Sim.run((unit, total) -> {
            ProgressBarBuilder b = new ProgressBarBuilder().setTaskName(unit).setInitialMax(total)
                    .setUnit(" rows", 1).showSpeed();
            switch (v) {
                case "default": break;                                   // library default: FileDescriptor.err, auto consumer
                case "console-out": b.setConsumer(new ConsoleProgressBarConsumer(System.out)); break;
                case "delegating": b.setConsumer(new DelegatingProgressBarConsumer(System.out::println)); break;
                case "delegating-continuous": b.setConsumer(new DelegatingProgressBarConsumer(System.out::println)).continuousUpdate(); break;
                case "delegating-300ms": b.setConsumer(new DelegatingProgressBarConsumer(System.out::println)).setUpdateIntervalMillis(300); break;
                case "delegating-ascii": b.setConsumer(new DelegatingProgressBarConsumer(System.out::println)).setStyle(ProgressBarStyle.ASCII); break;
                default: throw new IllegalArgumentException(v);
            }
            ProgressBar pb = b.build();
            return new Sim.TableSink() {
                public void step(long done) { pb.stepTo(done); }
                public void close() { pb.close(); }
            };
        });
        System.err.printf("elapsed %.1f s%n", (System.nanoTime() - t0) / 1e9);
    }
}
