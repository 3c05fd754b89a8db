package benchkit.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The coordinator's command lines, and the Kubernetes manifest checked against what an Indexed Job requires. */
class ClientWorkersTest {
    @TempDir
    Path dir;

    @Test
    void workersGetTheRunsCommandLineWithoutTheCoordinatorsOptions() {
        List<String> args = List.of("run", "--workload", "point-select", "--clients", "3", "--client-engine=docker",
                "--mysql-host", "db1", "--out", "/r", "--client-image", "img", "--threads", "4,8");
        assertEquals(List.of("--workload", "point-select", "--mysql-host", "db1", "--threads", "4,8"), ClientWorkers.workerArgs(args));
        assertEquals(List.of("--threads", "1"), ClientWorkers.workerArgs(List.of("--study", "s.json", "--threads", "1")),
                "the coordinator puts the study beside the merged run");
    }

    private ClientEngine.Launch launch() {
        return new ClientEngine.Launch(3, "20261124-0530-ab", List.of("--workload", "point-select", "--mysql-host", "db1"),
                dir, dir.resolve("bench.jar"), "registry.example/bench:1", System.out);
    }

    @Test
    void theIndexedJobHasWhatTheBatchV1ApiRequires() throws Exception {
        JsonNode job = new ObjectMapper().readTree(KubernetesWorkers.manifest(launch()).toString());
        assertEquals("batch/v1", job.path("apiVersion").asText());
        assertEquals("Job", job.path("kind").asText());
        String name = job.path("metadata").path("name").asText();
        assertTrue(name.matches("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?"), "a DNS-1123 label: " + name);
        JsonNode spec = job.path("spec");
        assertEquals("Indexed", spec.path("completionMode").asText());
        assertEquals(3, spec.path("completions").asInt(), "an Indexed Job needs completions");
        assertEquals(3, spec.path("parallelism").asInt(), "all workers at once, or the barrier would wait for the later ones");
        JsonNode pod = spec.path("template").path("spec");
        assertTrue(List.of("Never", "OnFailure").contains(pod.path("restartPolicy").asText()), "a Job's pods may not restart Always");
        JsonNode container = pod.path("containers").path(0);
        assertFalse(container.path("name").asText().isEmpty());
        assertEquals("registry.example/bench:1", container.path("image").asText());
        List<String> command = new ArrayList<>();
        container.path("command").forEach(c -> command.add(c.asText()));
        assertEquals(List.of("java", "-jar", KubernetesWorkers.JAR, "--workload", "point-select", "--mysql-host", "db1",
                "--worker", "auto/3", "--run-id", "20261124-0530-ab", "--out", "/results/worker-{worker}"), command);
        // the results volume the pods write into is the one mounted
        String mount = container.path("volumeMounts").path(0).path("name").asText();
        assertEquals(mount, pod.path("volumes").path(0).path("name").asText());
        assertEquals(KubernetesWorkers.CLAIM, pod.path("volumes").path(0).path("persistentVolumeClaim").path("claimName").asText());
        // the password comes from a Secret, never from the manifest itself
        JsonNode env = container.path("env").path(0);
        assertEquals(ServerOptions.PASSWORD_ENV, env.path("name").asText());
        assertEquals(KubernetesWorkers.SECRET, env.path("valueFrom").path("secretKeyRef").path("name").asText());
        assertFalse(env.has("value"));
    }

    @Test
    void withoutKubectlTheManifestIsWrittenAndTheNextStepsSaid() throws Exception {
        List<String> failed = new KubernetesWorkers(java.util.Optional.empty()).run(launch());
        assertTrue(Files.isRegularFile(dir.resolve(KubernetesWorkers.MANIFEST)));
        assertEquals(1, failed.size());
        assertTrue(failed.get(0).startsWith("kubectl is not on PATH here: apply " + dir.resolve(KubernetesWorkers.MANIFEST)), failed.get(0));
    }

    /**
     * A Job whose worker pod failed is Failed, never Complete: bench said so only when {@code kubectl wait
     * --for=condition=complete} gave up after 24 h. No Kubernetes here: a stand-in kubectl that answers as one does
     * for a failed Job (and, asked to wait for completion, waits, as the real one would).
     */
    @Test
    void aFailedJobIsSaidAtOnce() throws Exception {
        Path kubectl = dir.resolve("kubectl");
        Files.writeString(kubectl, "#!/bin/sh\ncase \"$1\" in\n  apply) exit 0 ;;\n  get) echo 'Failed ' ; exit 0 ;;\n"
                + "  wait) sleep 120 ; exit 1 ;;\nesac\nexit 1\n");
        kubectl.toFile().setExecutable(true);
        List<String> failed = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(30),
                () -> new KubernetesWorkers(java.util.Optional.of(kubectl)).run(launch()));
        assertEquals(1, failed.size(), failed.toString());
        assertTrue(failed.get(0).contains("failed: a worker's pod failed, and the Job stopped the others"), failed.get(0));
    }

    /**
     * Ctrl-C to a {@code --clients 2} coordinator (the outside sweep's #100: exit 130 and not a line): the workers are
     * stopped, and one line says so, where what they finished is kept and the merge that joins it.
     */
    @Test
    void ctrlCToTheCoordinatorSaysWhatTheWorkersKept() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeFalse(LauncherSignalTest.interruptIgnored(),
                "this JVM ignores SIGINT, so the coordinator it starts would too");
        Path jar = workerJar();
        Path run = dir.resolve("run");
        Files.createDirectories(run);
        Process coordinator = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), SignalledCoordinator.class.getName(), run.toString(), jar.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("console.txt").toFile()).start();
        List<ProcessHandle> workers;
        try {
            long until = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
            while (!Files.exists(run.resolve("worker-0/journal.jsonl")) || !Files.exists(run.resolve("worker-1/journal.jsonl"))) {
                assertTrue(coordinator.isAlive(), "the coordinator ended before it was signalled: " + console());
                assertTrue(System.nanoTime() < until, "no workers within 60 s: " + console());
                Thread.sleep(100);
            }
            workers = coordinator.children().toList();
            ProcessBuilder kill = new ProcessBuilder("kill", "-INT", String.valueOf(coordinator.pid()));
            kill.environment().put("LC_ALL", "C");
            assertEquals(0, kill.start().waitFor());
            assertTrue(coordinator.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "the coordinator did not stop: " + console());
        } finally {
            coordinator.destroyForcibly();
        }
        assertEquals(130, coordinator.exitValue(), console());
        assertEquals(2, workers.size());
        workers.forEach(w -> assertFalse(w.isAlive(), "worker " + w.pid() + " left running"));
        String kept = run.resolve("worker-0") + " " + run.resolve("worker-1");
        assertTrue(console().contains("bench: interrupted by Ctrl-C (SIGINT): the 2 workers were stopped; what they finished "
                + "is kept in " + kept + ", not merged: bench merge --allow-missing " + kept + " --out " + run + " joins it\n"),
                console());
    }

    /** A jar whose main is a {@link SignalledCoordinator.Worker}. */
    private Path workerJar() throws java.io.IOException {
        Path jar = dir.resolve("worker.jar");
        java.util.jar.Manifest manifest = new java.util.jar.Manifest();
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MAIN_CLASS, SignalledCoordinator.Worker.class.getName());
        String entry = SignalledCoordinator.Worker.class.getName().replace('.', '/') + ".class";
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar), manifest);
             var in = getClass().getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new java.util.jar.JarEntry(entry));
            in.transferTo(out);
        }
        return jar;
    }

    /**
     * A worker that ends while the other runs (sweep 9, case 37: killed in worker 0's prepare, and the other waited out
     * the --barrier-timeout): the coordinator tells it at once, with how the worker ended.
     */
    @Test
    void aWorkerThatEndsWhileAnotherRunsIsToldAtOnce() throws Exception {
        Path run = Files.createDirectories(dir.resolve("early"));
        List<String> told = new java.util.concurrent.CopyOnWriteArrayList<>();
        ClientEngine.Launch launch = new ClientEngine.Launch(2, SignalledCoordinator.Worker.ENDS_EARLY, List.of(), run,
                workerJar(), null, System.out, (id, index, how) -> told.add(id + " " + index + " " + how));
        List<String> failed = new LocalWorkers().run(launch);
        assertEquals(List.of(SignalledCoordinator.Worker.ENDS_EARLY + " 0 exit status 3"), told);
        assertEquals(1, failed.size(), failed.toString());
    }

    /**
     * A run whose worker failed: the coordinator clears where the workers met once all have ended (sweep 10, case 42: the
     * table benchkit_rendezvous stayed in the user's database with a failed worker's row); a run whose workers all
     * finished leaves that to its last worker.
     */
    @Test
    void aRunWithAFailedWorkerClearsTheMeetingPlaceOnceAllHaveEnded() throws Exception {
        List<String> forgotten = new java.util.concurrent.CopyOnWriteArrayList<>();
        ClientEngine.Lost lost = new ClientEngine.Lost() {
            @Override
            public void ended(String runId, int index, String how) {
            }

            @Override
            public void forget(String runId) {
                forgotten.add(runId);
            }
        };
        ClientEngine failing = new ClientEngine() {
            @Override
            public String describe(int count) {
                return "a test's engine";
            }

            @Override
            public List<String> run(Launch launch) {
                return List.of("worker 0 ended, killed by SIGKILL");
            }
        };
        ClientEngine.Launch launch = new ClientEngine.Launch(2, "20261129-000000-lost", List.of(), Files.createDirectories(
                dir.resolve("lost")), dir.resolve("bench.jar"), null, System.out, lost);
        assertEquals(Cli.EXIT_FAILURE, ClientWorkers.coordinate(failing, launch, failing.describe(2)));
        assertEquals(List.of("20261129-000000-lost"), forgotten);
    }

    /** Two workers of the fake workload in this JVM, each in {@code launch.workerDir(i)}, met in one map. */
    private static void runWorkers(ClientEngine.Launch launch) throws Exception {
        benchkit.core.run.MapRendezvous store = new benchkit.core.run.MapRendezvous();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(launch.count());
        try {
            List<java.util.concurrent.Future<benchkit.core.run.RunSummary>> runs = new ArrayList<>();
            for (int i = 0; i < launch.count(); i++) {
                int index = i;
                runs.add(pool.submit(() -> {
                    benchkit.core.run.plan.RunPlan plan = benchkit.core.run.RunOptions.builder().threads(1)
                            .warmup(1, java.time.Duration.ofMillis(200)).measure(2, java.time.Duration.ofMillis(500)).forks(1)
                            .reportInterval(java.time.Duration.ZERO).build().plan("fake", java.util.Map.of(), 0,
                                    List.of(new benchkit.core.run.plan.Variant("glibc", java.util.Map.of("allocator", "glibc"),
                                            () -> new benchkit.core.run.FakeServer("glibc"))), launch.workerDir(index));
                    return new benchkit.core.run.Runner(plan, new benchkit.core.run.FakeWorkload(300, p -> benchkit.spi.Outcome.OK),
                            List::of, new java.io.PrintStream(new java.io.ByteArrayOutputStream(), true, java.nio.charset.StandardCharsets.UTF_8))
                            .asWorker(new benchkit.core.run.load.StartBarrier(store, new benchkit.core.run.plan.WorkerRole(index,
                                    launch.count(), launch.runId()), java.time.Duration.ofSeconds(20), line -> { })).run();
                }));
            }
            for (var r : runs) {
                assertTrue(r.get().complete(), "worker run: " + r.get().failure());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A worker killed with kill -9 after its first measured iteration (sweep 7, case 53: the coordinator exited 2, "bad
     * input", and the merge it named failed the same): the run fails (1), the line names the worker and how it ended,
     * and the merge it names joins what the workers finished.
     */
    @Test
    void aWorkerKilledMidRunFailsTheRunAndTheMergeTheLineNamesWorks() throws Exception {
        Path run = dir.resolve("killed");
        ClientEngine.Launch launch = new ClientEngine.Launch(2, "20261129-000000-kill", List.of(), run, dir.resolve("bench.jar"),
                null, System.out);
        String died = "worker 1 ended, " + benchkit.launch.ProcessServerHandle.ended(128 + 9) + " (its log: "
                + run.resolve("worker-1.log") + ")";
        ClientEngine engine = new ClientEngine() {
            @Override
            public String describe(int count) {
                return count + " workers in this JVM";
            }

            @Override
            public List<String> run(ClientEngine.Launch l) throws java.io.IOException {
                try {
                    runWorkers(l);
                } catch (Exception e) {
                    throw new java.io.IOException(e);
                }
                // as kill -9 after its first measured iteration leaves it: no run.json, no end line
                Path w1 = l.workerDir(1);
                Files.delete(w1.resolve("run.json"));
                Files.write(w1.resolve("journal.jsonl"), Files.readAllLines(w1.resolve("journal.jsonl")).subList(0, 3));
                return List.of(died);
            }
        };
        Files.createDirectories(run);
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stderr = System.err;
        int exit;
        System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            exit = ClientWorkers.coordinate(engine, launch, engine.describe(2));
        } finally {
            System.setErr(stderr);
        }
        String line = err.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(1, exit, line);
        assertEquals("killed by SIGKILL", benchkit.launch.ProcessServerHandle.ended(137));
        String w0 = launch.workerDir(0).toString();
        String w1 = launch.workerDir(1).toString();
        assertTrue(line.startsWith("bench: error: " + died + ": the merged total would lack load (worker 1 (" + w1
                + ") did not finish (killed before its end: "), line);
        assertTrue(line.endsWith("; bench merge --allow-missing " + w0 + " " + w1 + " --out " + run
                + " merges what the workers finished and says so in run.json\n"), line);
        assertEquals(1, line.lines().count(), line);

        CliRun.Outcome merged = CliRun.run("merge", "--allow-missing", w0, w1, "--out", run.toString());
        assertEquals(0, merged.exit(), merged.err());
        assertTrue(merged.out().contains("# Merged from worker 1 (" + w1 + "): 1 of 2 measurement iterations merged"), merged.out());
    }

    /** SIGTERM before any worker measured (sweep 7, case 43): no merge is offered that has nothing to merge. */
    @Test
    void aStopBeforeAnythingWasMeasuredOffersNoMerge() throws Exception {
        ClientEngine.Launch launch = launch();
        Path w0 = Files.createDirectories(launch.workerDir(0));
        Files.writeString(w0.resolve("journal.jsonl"), SignalledCoordinator.Worker.START + "\n");
        assertEquals("bench: interrupted by SIGTERM: the 3 workers were stopped before any finished a measurement iteration:"
                + " nothing was measured; run the benchmark again", ClientWorkers.stoppedLine("SIGTERM", launch, List.of(w0)));
        Files.writeString(w0.resolve("journal.jsonl"), SignalledCoordinator.Worker.START + "\n"
                + SignalledCoordinator.Worker.MEASURED + "\n");
        assertTrue(ClientWorkers.stoppedLine("SIGTERM", launch, List.of(w0)).endsWith(", not merged: bench merge --allow-missing "
                + w0 + " --out " + dir + " joins it"));
    }

    /**
     * The --out of a --clients run whose coordinator was killed (sweep 9, case 22): report, compare and history add
     * said only "no jmh-result.json in it"; they name the merge that joins what the workers in it finished.
     */
    @Test
    void anUnmergedClientsRunNamesTheMergeOfItsWorkers() throws Exception {
        Path run = dir.resolve("ck3");
        Path w0 = Files.createDirectories(run.resolve("worker-0"));
        Path w1 = Files.createDirectories(run.resolve("worker-1"));
        Files.writeString(w0.resolve("journal.jsonl"), SignalledCoordinator.Worker.START + "\n");
        Files.writeString(w1.resolve("journal.jsonl"), SignalledCoordinator.Worker.START + "\n");
        CliRun.Outcome none = CliRun.run("report", run.toString());
        assertEquals(2, none.exit(), none.err());
        assertTrue(none.err().contains("it holds the results of 2 workers of a --clients run, not merged, and none finished a "
                + "measurement iteration: nothing was measured; run the benchmark again"), none.err());

        Files.writeString(w1.resolve("journal.jsonl"), SignalledCoordinator.Worker.START + "\n"
                + SignalledCoordinator.Worker.MEASURED + "\n");
        String merge = "it holds the results of 2 workers of a --clients run, not merged: bench merge --allow-missing " + w0
                + " " + w1 + " --out " + run + " joins what they finished";
        for (String[] command : List.of(new String[] {"report", run.toString()}, new String[] {"compare", run.toString(),
                w1.toString()}, new String[] {"history", "add", run.toString(), "--history", dir.resolve("h.db").toString()})) {
            CliRun.Outcome o = CliRun.run(command);
            assertEquals(2, o.exit(), o.err());
            assertTrue(o.err().contains(merge), String.join(" ", command) + ": " + o.err());
        }
    }

    /**
     * A worker's latency log emptied (sweep 9, case 34): the merge named no remedy and left an empty --out. It names
     * the merge of the others, which then works, and leaves no --out.
     */
    @Test
    void aWorkersEmptiedLatencyLogNamesTheRemedyAndLeavesNoOut() throws Exception {
        Path run = dir.resolve("emptied");
        ClientEngine.Launch launch = new ClientEngine.Launch(2, "20261129-000000-hlog", List.of(), run, dir.resolve("bench.jar"),
                null, System.out);
        runWorkers(launch);
        String w0 = launch.workerDir(0).toString();
        String w1 = launch.workerDir(1).toString();
        try (var logs = Files.list(launch.workerDir(1).resolve("latency"))) {
            for (Path log : logs.toList()) {
                Files.write(log, new byte[0]);
            }
        }
        Path out = dir.resolve("merged");
        CliRun.Outcome refused = CliRun.run("merge", w0, w1, "--out", out.toString());
        assertEquals(1, refused.exit(), refused.err());
        assertTrue(refused.err().contains(": restore the log from a copy of the run, or leave worker 1 out: bench merge "
                + "--allow-missing " + w0 + " --out " + out + " merges the others"), refused.err());
        assertFalse(Files.exists(out), "no empty --out left");

        CliRun.Outcome others = CliRun.run("merge", "--allow-missing", w0, "--out", out.toString());
        assertEquals(0, others.exit(), others.err());
    }

    private String console() throws java.io.IOException {
        return Files.readString(dir.resolve("console.txt"));
    }
}
