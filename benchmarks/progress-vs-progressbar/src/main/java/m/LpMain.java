package m;

import benchkit.launch.LoadProgress;

/** The project's LoadProgress, called like Runner.prepare / PrepareCommand do (forStream + progress + close). */
public final class LpMain {
    public static void main(String[] args) throws Exception {
        String prefix = args.length > 0 ? args[0] : "# ";
        long t0 = System.nanoTime();
        LoadProgress progress = LoadProgress.forStream(System.out, prefix);
        System.err.println("isTerminal=" + LoadProgress.isTerminal(System.out));
        try {
            Sim.run((unit, total) -> {
                progress.progress(unit, 0, total);
                return new Sim.TableSink() {
                    public void step(long done) { progress.progress(unit, done, total); }
                    public void close() { }
                };
            });
        } finally {
            progress.close();
        }
        System.err.printf("elapsed %.1f s%n", (System.nanoTime() - t0) / 1e9);
    }
}
