package benchkit.core.report;

import java.util.Optional;

/** How a run's report judges its effects, against which baseline, and the published study it puts beside them. */
public record ReportSettings(Compare.Settings verdicts, Optional<String> baseline, Optional<Study> study) {
}
