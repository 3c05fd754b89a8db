package benchkit.core.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class JudgementTest {
    private static Effect effect(double ratio, double low, double high) {
        return new Effect(ratio, low, high, 0.95, EffectMethod.FORKS_T, true, 5, 5, 20, 20, 0.02, "");
    }

    @Test
    void verdicts() {
        assertEquals(Verdict.FASTER, Judgement.verdict(effect(1.05, 1.02, 1.08), Direction.HIGHER_IS_BETTER, 0.02));
        assertEquals(Verdict.SLOWER, Judgement.verdict(effect(0.9, 0.85, 0.95), Direction.HIGHER_IS_BETTER, 0.02));
        assertEquals(Verdict.WORSE, Judgement.verdict(effect(1.05, 1.02, 1.08), Direction.LOWER_IS_BETTER, 0.02));
        assertEquals(Verdict.BETTER, Judgement.verdict(effect(0.9, 0.85, 0.95), Direction.LOWER_IS_BETTER, 0.02));
        assertEquals(Verdict.HIGHER, Judgement.verdict(effect(1.05, 1.02, 1.08), Direction.NEUTRAL, 0.02));
        assertEquals(Verdict.SAME, Judgement.verdict(effect(1.0, 0.985, 1.015), Direction.HIGHER_IS_BETTER, 0.02));
        // excludes 1 but the effect is below the minimum, and the interval reaches beyond the band
        assertEquals(Verdict.INCONCLUSIVE, Judgement.verdict(effect(1.015, 1.005, 1.025), Direction.HIGHER_IS_BETTER, 0.02));
        // includes 1
        assertEquals(Verdict.INCONCLUSIVE, Judgement.verdict(effect(1.04, 0.99, 1.09), Direction.HIGHER_IS_BETTER, 0.02));
        assertEquals(Verdict.INCONCLUSIVE, Judgement.verdict(
                Effect.unknown("one fork", 1.1, 0.95, EffectMethod.FORKS_T, true,
                        NestedSample.of(java.util.List.of(new double[] {1})), NestedSample.of(java.util.List.of(new double[] {1}))),
                Direction.HIGHER_IS_BETTER, 0.02));
    }

    @Test
    void wordsADbaReads() {
        EffectEstimator t = new EffectEstimator(EffectMethod.FORKS_T, 0.95);
        assertEquals("faster +4.1% [+1.2, +7.0]",
                Judgement.of(effect(1.041, 1.012, 1.070), Direction.HIGHER_IS_BETTER, 0.02, t).describe());
        assertEquals("same within ±1.6%",
                Judgement.of(effect(1.0, 0.985, 1.0151), Direction.HIGHER_IS_BETTER, 0.02, t).describe());
    }
}
