package benchkit.collectors.status;

import benchkit.collectors.SampleStats;
import benchkit.mysql.SqlEndpoint;
import benchkit.spi.Aggregation;
import benchkit.spi.Collector;
import benchkit.spi.IterationInfo;
import benchkit.spi.Metric;
import benchkit.spi.TrialInfo;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Server status counters over each iteration: {@code status.<Name>} in ops/s for counters
 * (from {@code SHOW GLOBAL STATUS} before and after) and the mean of samples, unit {@code count},
 * for gauges such as {@code Threads_running}. Its own status reads are left out
 * ({@link OwnStatementCorrection}).
 */
public final class StatusCollector implements Collector {
    private final CounterSelection selection;
    private GlobalStatusReader reader;
    private List<String> counters = List.of();
    private List<String> gauges = List.of();
    private StatusSnapshot before;
    private int readsSinceBefore;
    private final Map<String, SampleStats> gaugeSamples = new LinkedHashMap<>();

    StatusCollector(CounterSelection selection) {
        this.selection = selection;
    }

    @Override
    public String name() {
        return StatusCollectorFactory.NAME;
    }

    /** Connects and checks every selected name against what the server reports. */
    @Override
    public void beforeTrial(TrialInfo trial) throws SQLException {
        if (trial.target().addresses().size() > 1) {
            // one server's counters would pass for the load's, which went to several
            throw new IllegalArgumentException("reads one server's counters; this target spreads its connections over "
                    + trial.target().addresses().size() + " addresses (" + trial.target().addresses() + ")");
        }
        closeReader();
        reader = connect(trial);
        List<String> resolved;
        try {
            resolved = selection.resolve(read(trial), where(trial));
        } catch (RuntimeException e) {
            closeReader();
            throw e;
        }
        counters = resolved.stream().filter(n -> !selection.isGauge(n)).toList();
        gauges = resolved.stream().filter(selection::isGauge).toList();
    }

    @Override
    public void beforeIteration(TrialInfo trial, IterationInfo iteration) throws SQLException {
        if (reader == null) {
            beforeTrial(trial);
        }
        gaugeSamples.clear();
        before = read(trial);
        readsSinceBefore = 0;
        sampleGauges(before);
    }

    @Override
    public void sample(TrialInfo trial, IterationInfo iteration) throws SQLException {
        if (before == null || gauges.isEmpty()) {
            return; // counters need only the two ends; skip the extra statements
        }
        readsSinceBefore++;
        sampleGauges(read(trial));
    }

    @Override
    public Collection<Metric> afterIteration(TrialInfo trial, IterationInfo iteration) throws SQLException {
        if (before == null) {
            return List.of();
        }
        StatusSnapshot after = read(trial);
        readsSinceBefore++;
        sampleGauges(after);
        List<Metric> metrics = new ArrayList<>();
        for (String name : counters) {
            CounterRate.perSecond(before, after, name, readsSinceBefore)
                    .ifPresent(rate -> metrics.add(new Metric("status." + name, rate, "ops/s", Aggregation.AVG)));
        }
        for (String name : gauges) {
            SampleStats s = gaugeSamples.get(name);
            if (s != null && s.count() > 0) {
                metrics.add(new Metric("status." + name, s.mean(), "count", Aggregation.AVG));
            }
        }
        before = null;
        return metrics;
    }

    @Override
    public void afterTrial(TrialInfo trial) throws SQLException {
        closeReader();
    }

    private void sampleGauges(StatusSnapshot status) {
        for (String name : gauges) {
            status.number(name).ifPresent(v -> gaugeSamples.computeIfAbsent(name, k -> new SampleStats())
                    .add(OwnStatementCorrection.gaugeValue(name, v)));
        }
    }

    private static GlobalStatusReader connect(TrialInfo trial) {
        try {
            return GlobalStatusReader.connect(trial.target());
        } catch (SQLException e) {
            throw new IllegalStateException(StatusCollectorFactory.NAME + " collector: cannot connect to "
                    + where(trial) + " as " + trial.target().user() + ": " + firstLine(e.getMessage()), e);
        }
    }

    private StatusSnapshot read(TrialInfo trial) {
        try {
            return reader.read();
        } catch (SQLException e) {
            throw new IllegalStateException(StatusCollectorFactory.NAME + " collector: SHOW GLOBAL STATUS failed on "
                    + where(trial) + ": " + firstLine(e.getMessage()), e);
        }
    }

    private void closeReader() throws SQLException {
        if (reader != null) {
            GlobalStatusReader r = reader;
            reader = null;
            r.close();
        }
    }

    /** {@code 127.0.0.1:3306} or {@code socket /run/mysqld.sock}: where the counters are read. */
    private static String where(TrialInfo trial) {
        SqlEndpoint e = GlobalStatusReader.endpoint(trial.target());
        return e.overSocket() ? "socket " + e.unixSocket() : e.host() + ":" + e.port();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no message";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
