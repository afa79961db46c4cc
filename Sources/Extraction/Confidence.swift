/// Turns raw candidate scores into a 0...1 confidence.
///
/// Two things make a pick trustworthy: strong evidence for it (an anchor label, a passing
/// cross-check) and a clear lead over the runner-up. Either one alone is not enough: a lone weak
/// candidate and two strong ones tied are both coin flips.
enum Confidence {
    static func fromScores(best: Double, second: Double, strong: Double) -> Double {
        guard best > 0 else { return 0 }
        let strength = min(1, best / strong)
        let lead = min(1, max(0, best - second) / (0.35 * strong))
        return clamp(0.15 + 0.45 * strength + 0.4 * lead * strength)
    }

    static func clamp(_ x: Double) -> Double { min(1, max(0, x)) }
}
