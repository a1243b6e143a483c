/// "Did you mean": the closest of some known names to a misspelt one, by edit distance (Levenshtein, with a
/// swap of two neighbours counting as one edit, as typos usually are). Written here because it is twenty
/// lines and no package the build may use offers it.
public enum NearMiss {
    /// The known name closest to `name` (case-insensitive), if it is within a third of its length (at least 1,
    /// at most 3 edits); nil when nothing is that close.
    public static func closest(to name: String, among known: [String]) -> String? {
        let target = Array(name.lowercased())
        let limit = max(1, min(3, target.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in known {
            let d = distance(target, Array(candidate.lowercased()))
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)  // row i-2
        var previous = Array(0...b.count)  // row i-1
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
