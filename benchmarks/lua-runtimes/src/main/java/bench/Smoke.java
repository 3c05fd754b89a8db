package bench;

/** Quick check: every runtime loads, both workloads give the same kind of result, prints timing roughly. */
public class Smoke {
    public static void main(String[] args) throws Exception {
        String[] runtimes = args.length > 0 ? args : new String[]{"luaj", "luajc", "luajit"};
        for (String rt : runtimes) for (String wl : new String[]{"java", "pure", "lualcg"}) {
            long t0 = System.nanoTime();
            try (Engine e = Engine.create(rt, "event_" + wl)) {
                long t1 = System.nanoTime();
                long sum = 0;
                for (int i = 0; i < 200_000; i++) sum += e.event();
                long t2 = System.nanoTime();
                System.out.printf("%-6s %-4s init=%.1fms  %.0f ns/event (cold, 200k)  result/event=%d  %s%n",
                        rt, wl, (t1 - t0) / 1e6, (t2 - t1) / 200_000.0, sum / 200_000, e.describe());
            }
        }
    }
}
