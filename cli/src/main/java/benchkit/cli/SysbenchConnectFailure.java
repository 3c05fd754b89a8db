package benchkit.cli;

import benchkit.sysbench.line.SysbenchTest;
import benchkit.launcher.mysql.ServerUnreachableException;
import benchkit.launcher.mysql.ServerUnreachableException.ClientLibraryError;
import benchkit.mysql.wire.WireConnection;
import benchkit.spi.ServerHandle;
import benchkit.spi.Target;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * What sysbench 1.0.20 prints when its MySQL driver cannot connect, and its exit code: each connecting thread's three
 * {@code FATAL: } lines (the driver's, the client library's error, and the Lua function that raised it, with the
 * script's file and line), then, for {@code run}, "Thread initialization failed!". A parallel prepare or prewarm
 * prints every thread's lines and still exits 0, as sysbench does.
 */
final class SysbenchConnectFailure {
    private static final String SCRIPTS = "/usr/share/sysbench/";
    /** What sysbench 1.0.20's MySQL driver gives its client library with --mysql-ssl=on: files in the current directory. */
    private static final List<String> TLS_FILES = List.of("client-key.pem", "client-cert.pem", "cacert.pem");

    private SysbenchConnectFailure() {
    }

    /** Starts (here: reaches) the line's server. */
    interface ServerStart {
        ServerHandle start() throws Exception;
    }

    /** The line's server reached ({@code handle}), or the exit code of a sysbench line that ended at its connect. */
    record Reached(ServerHandle handle, OptionalInt exit) {
    }

    /**
     * Starts (for an external server: reaches) the line's server. A sysbench line's server that cannot be reached ends
     * as sysbench's does: tried once (the line's --connect-timeout is 0), and when a thread of {@code command} would
     * connect where it failed, sysbench's lines are printed after {@code header} (what sysbench prints before it
     * connects) and the line's exit code returned; when none would (a list's later address, and fewer connections
     * than addresses), the line goes on with the addresses its connections take. Any other failure is thrown.
     */
    static Reached reach(ConsoleOptions console, String command, int threads, List<String> header, ServerStart start)
            throws Exception {
        boolean sysbenchLine = console.sysbenchLine();
        ServerHandle handle;
        try {
            handle = start.start();
        } catch (ServerUnreachableException e) {
            if (!sysbenchLine || e.clientError().isEmpty()) {
                throw e;
            }
            OptionalInt exit = printed(console, command, threads, header, e.clientErrors());
            if (exit.isPresent()) {
                return new Reached(null, exit);
            }
            // no thread of this command connects where it failed: as sysbench's, it goes on with the addresses its
            // threads take (a 1-thread prepare or cleanup, the first); a run's Runner reaches the whole list again
            handle = e.firstAddresses(connecting(command, threads)).orElseThrow(() -> e);
        }
        if (sysbenchLine && console.sysbenchSsl) {
            List<ClientLibraryError> tls;
            try {
                tls = withTls(handle.target());
            } catch (Exception e) {
                handle.close();
                throw e;
            }
            OptionalInt exit = printed(console, command, threads, header, tls);
            if (exit.isPresent()) {
                handle.close();
                return new Reached(null, exit);
            }
        }
        return new Reached(handle, OptionalInt.empty());
    }

    /** sysbench's lines for the connections that failed ({@code perAddress}), after {@code header}; empty if none would. */
    private static OptionalInt printed(ConsoleOptions console, String command, int threads, List<String> header,
                                       List<ClientLibraryError> perAddress) {
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        OptionalInt exit = print(command, console.sysbenchTest, threads, perAddress,
                new PrintStream(lines, true, StandardCharsets.UTF_8));
        if (exit.isPresent()) {
            if (console.sysbenchLines()) {
                header.forEach(System.out::println);
            }
            System.out.print(lines.toString(StandardCharsets.UTF_8));
            System.out.flush();
        }
        return exit;
    }

    /**
     * sysbench's {@code --mysql-ssl=on} per address: its client library connects without TLS to a server that offers
     * none (null: that address is fine), and to one that offers it loads client-key.pem, client-cert.pem and
     * cacert.pem from the current directory: when one is missing the connection fails with libmariadb's error 2026;
     * when they are all there sysbench would speak TLS, which bench's clients cannot, and the line is refused.
     */
    private static List<ClientLibraryError> withTls(Target target) throws Exception {
        List<ClientLibraryError> errors = new ArrayList<>();
        boolean certificates = TLS_FILES.stream().allMatch(f -> Files.isRegularFile(Path.of(f)));
        for (Target.Address a : target.addresses()) {
            if (!WireConnection.offersTls(a.socket(), a.host(), a.port(), 10_000)) {
                errors.add(null);
            } else if (certificates) {
                throw new UsageException("--mysql-ssl=on: the server at " + a + " offers TLS and " + String.join(", ", TLS_FILES)
                        + " are here, so sysbench would connect over TLS; bench's clients speak no TLS");
            } else {
                errors.add(new ClientLibraryError(a.toString(), 2026, "TLS/SSL error: No such file or directory (2)"));
            }
        }
        return errors;
    }

    /**
     * Prints the lines for {@code command} of {@code test} (as typed: a name or a script's path) with {@code threads}
     * threads, whose connections take the target's addresses in turn ({@code perAddress}: how each failed, null for
     * one that answered); returns the exit code, or empty when no connecting thread would fail.
     */
    static OptionalInt print(String command, String test, int threads, List<ClientLibraryError> perAddress,
                                       PrintStream out) {
        boolean parallel = parallel(command, threads);
        int connecting = connecting(command, threads);
        List<ClientLibraryError> failing = new ArrayList<>();
        for (int i = 0; i < connecting; i++) {
            ClientLibraryError error = perAddress.get(i % perAddress.size());
            if (error != null) {
                failing.add(error);
            }
        }
        if (failing.isEmpty()) {
            return OptionalInt.empty();
        }
        if (parallel) {
            out.println("Initializing worker threads...");
            out.println();
        }
        for (ClientLibraryError error : failing) {
            out.println("FATAL: unable to connect to MySQL server on " + error.where() + ", aborting...");
            out.println("FATAL: error " + error.code() + ": " + error.message());
            out.println("FATAL: " + raisedIn(command, test) + ": connection creation failed");
        }
        if (command.equals("run")) {
            out.println("FATAL: Thread initialization failed!");
        }
        out.flush();
        return OptionalInt.of(parallel ? Cli.EXIT_OK : Cli.EXIT_FAILURE);
    }

    /** sysbench's prepare and prewarm with threads: each thread works on its tables over a connection of its own. */
    private static boolean parallel(String command, int threads) {
        return (command.equals("prepare") || command.equals("prewarm")) && threads > 1;
    }

    /** How many connections {@code command} opens, the first ones: one per thread for a run and a parallel step. */
    private static int connecting(String command, int threads) {
        return command.equals("run") || parallel(command, threads) ? threads : 1;
    }

    /** The test's own script as sysbench names it: the path as typed, or Debian's directory for a bare name. */
    static String script(String test) {
        String base = SysbenchTest.base(test);
        return test.contains("/") || test.endsWith(".lua") ? test : SCRIPTS + base + ".lua";
    }

    /** Where sysbench finds oltp_common.lua: through Lua's package.path, the current directory first. */
    static String oltpCommon() {
        return Files.exists(Path.of("oltp_common.lua")) ? "./oltp_common.lua" : SCRIPTS + "oltp_common.lua";
    }

    /** The Lua function whose connect failed and where, as sysbench 1.0.20's scripts (Debian's package) have it. */
    static String raisedIn(String command, String test) {
        String base = SysbenchTest.base(test);
        String own = script(test);
        String common = oltpCommon();
        if (base.equals("bulk_insert")) {
            return switch (command) {
                case "prepare" -> "`prepare' function failed: " + own + ":19";
                case "cleanup" -> "`cleanup' function failed: " + own + ":50";
                default -> "`thread_init' function failed: " + own + ":12";
            };
        }
        return switch (command) {
            case "prepare" -> "`sysbench.cmdline.call_command' function failed: " + common + ":83";
            case "prewarm" -> "`sysbench.cmdline.call_command' function failed: " + common + ":98";
            case "cleanup" -> "`cleanup' function failed: " + common + ":388";
            default -> switch (base) {
                case "select_random_points" -> "`thread_init' function failed: " + own + ":34";
                case "select_random_ranges" -> "`thread_init' function failed: " + own + ":36";
                default -> "`thread_init' function failed: " + common + ":349";
            };
        };
    }
}
