/// Times closures and keeps medians.
final class BenchReport {
    private var rows: [(name: String, median: Duration, target: String)] = []

    /// Runs `body` `iterations` times (after `warmup` untimed runs), records the median.
    @discardableResult
    func measure(_ name: String, iterations: Int, warmup: Int = 1, target: String = "", _ body: () -> Void)
        -> Duration
    {
        for _ in 0..<warmup { body() }
        var samples: [Duration] = []
        samples.reserveCapacity(iterations)
        let clock = ContinuousClock()
        for _ in 0..<iterations {
            samples.append(clock.measure(body))
        }
        let median = samples.sorted()[samples.count / 2]
        rows.append((name, median, target))
        return median
    }

    /// Runs `setup` untimed and then `body` on its result, `iterations` times; records the
    /// median of `body` alone. Each setup's result is released before the next setup,
    /// outside the timing.
    @discardableResult
    func measure<T>(
        _ name: String, iterations: Int, target: String = "", setup: () -> T, _ body: (T) -> Void
    ) -> Duration {
        var samples: [Duration] = []
        let clock = ContinuousClock()
        var kept: T? = nil
        for _ in 0..<(iterations + 1) {
            kept = nil
            let value = setup()
            samples.append(clock.measure { body(value) })
            kept = value
        }
        _ = kept
        samples.removeFirst()
        let median = samples.sorted()[samples.count / 2]
        rows.append((name, median, target))
        return median
    }

    /// Times `body` `iterations` times; what it returns is kept until the next run
    /// starts, so tearing it down is not timed.
    @discardableResult
    func measureKeeping<T>(_ name: String, iterations: Int, target: String = "", _ body: () -> T) -> Duration {
        var samples: [Duration] = []
        let clock = ContinuousClock()
        var kept: T? = nil
        for _ in 0..<(iterations + 1) {
            kept = nil
            var result: T? = nil
            samples.append(clock.measure { result = body() })
            kept = result
        }
        _ = kept
        samples.removeFirst()
        let median = samples.sorted()[samples.count / 2]
        rows.append((name, median, target))
        return median
    }

    /// Records a figure computed elsewhere.
    func note(_ name: String, _ median: Duration, target: String = "") {
        rows.append((name, median, target))
    }

    /// Records a free-form line.
    func line(_ text: String) {
        rows.append((text, .zero, "-"))
    }

    func print() {
        let width = rows.map(\.name.count).max() ?? 0
        for row in rows {
            if row.target == "-" {
                Swift.print(row.name)
                continue
            }
            let name = row.name + String(repeating: " ", count: width - row.name.count)
            let target = row.target.isEmpty ? "" : "   target \(row.target)"
            Swift.print("\(name)  \(format(row.median))\(target)")
        }
    }
}

func format(_ duration: Duration) -> String {
    let nanoseconds = Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    if nanoseconds >= 1e6 { return String(format: "%9.2f ms", nanoseconds / 1e6) }
    return String(format: "%9.2f µs", nanoseconds / 1e3)
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    init(format: String, _ value: Double) {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
        self = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
