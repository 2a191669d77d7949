/// Integer arithmetic for sharing cells out, so sizes always add up exactly.
enum Distribution {
    /// Splits `amount` cells in proportion to `weights`: each share is rounded down, and
    /// the cells left over go to the largest remainders (the earliest on ties).
    static func shares(of amount: Int, weights: [Double]) -> [Int] {
        let total = weights.reduce(0, +)
        guard amount > 0, total > 0 else { return Array(repeating: 0, count: weights.count) }
        var result = [Int](repeating: 0, count: weights.count)
        var remainders: [(index: Int, fraction: Double)] = []
        var given = 0
        for (index, weight) in weights.enumerated() where weight > 0 {
            let exact = Double(amount) * weight / total
            let share = Int(exact.rounded(.down))
            result[index] = share
            given += share
            remainders.append((index, exact - Double(share)))
        }
        var left = amount - given
        if left > 0 {
            remainders.sort {
                $0.fraction > $1.fraction || ($0.fraction == $1.fraction && $0.index < $1.index)
            }
            for entry in remainders where left > 0 {
                result[entry.index] += 1
                left -= 1
            }
        }
        return result
    }

    /// The main-axis sizes after growing into free space or shrinking out of overflow.
    ///
    /// `bases` are the hypothetical sizes, `outside` the space taken regardless (margins
    /// and gaps). Items that hit their minimum or maximum are frozen there and the rest
    /// is shared again among the others, as flexbox does.
    static func flex(
        bases: [Int], grow: [Double], shrink: [Double], minimums: [Int], maximums: [Int?],
        available: Int, outside: Int, allowGrow: Bool
    ) -> [Int] {
        var sizes = bases
        let count = bases.count
        var frozen = [Bool](repeating: false, count: count)
        for _ in 0...count {
            let free = available - outside - sizes.reduce(0, +)
            if free == 0 { break }
            let growing = free > 0
            if growing && !allowGrow { break }
            var weights = [Double](repeating: 0, count: count)
            for index in 0..<count where !frozen[index] {
                weights[index] = growing ? grow[index] : shrink[index] * Double(max(bases[index], 0))
            }
            if !weights.contains(where: { $0 > 0 }) { break }
            let portions = shares(of: abs(free), weights: weights)
            var clamped = false
            for index in 0..<count where weights[index] > 0 {
                var size = sizes[index] + (growing ? portions[index] : -portions[index])
                if let maximum = maximums[index], size > maximum {
                    size = max(maximum, sizes[index])
                    frozen[index] = true
                    clamped = true
                }
                if size < minimums[index] {
                    size = min(minimums[index], sizes[index])
                    frozen[index] = true
                    clamped = true
                }
                sizes[index] = size
            }
            if !clamped { break }
        }
        return sizes
    }

    /// The leading offset of each of `count` items for a justification, given the free
    /// main-axis space (never negative) left after sizing.
    static func justifyOffsets(_ justify: Justification, free: Int, count: Int) -> [Int] {
        guard count > 0 else { return [] }
        let space = max(0, free)
        switch justify {
        case .start:
            return [Int](repeating: 0, count: count)
        case .center:
            return [space / 2] + [Int](repeating: 0, count: count - 1)
        case .end:
            return [space] + [Int](repeating: 0, count: count - 1)
        case .between:
            guard count > 1 else { return [0] }
            return (0..<count).map { index in
                index == 0 ? 0 : space * index / (count - 1) - space * (index - 1) / (count - 1)
            }
        case .around:
            // Item i starts after (2i + 1) / (2n) of the free space.
            return (0..<count).map { index in
                let here = space * (2 * index + 1) / (2 * count)
                let before = index == 0 ? 0 : space * (2 * index - 1) / (2 * count)
                return here - before
            }
        }
    }
}
