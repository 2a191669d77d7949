/// The candidate within a small edit distance of `name` (case-insensitive), if any: the
/// name a misspelled prop, type or function most likely meant.
package func closestName(to name: String, among candidates: [String]) -> String? {
    let target = Array(name.lowercased())
    var best: (name: String, distance: Int)? = nil
    for candidate in candidates {
        let distance = editDistance(target, Array(candidate.lowercased()))
        let allowed = max(1, min(3, candidate.count / 3))
        if distance <= allowed && distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    return best?.name
}

/// Levenshtein distance with adjacent transpositions counted as one edit.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                current[j] = min(current[j], previousPrevious[j - 2] + 1)
            }
        }
        (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
}
