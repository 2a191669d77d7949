import TheoluaCanvas
import TheoluaCore
import TheoluaLock
import TheoluaRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The host path of docs/embedding.md ("Feeding a running app"): a task of the host's
/// encodes its data (`Encodable`, 20 services with 16 samples each) and sends it through
/// `runtime.feed`; the runtime, driven as `TerminalApp` drives it (woken by the feed,
/// on a real clock), mounts the props, renders, lays out, paints and encodes the frame.
/// Figures: the latency from `send` to the encoded frame, alone and under a steady
/// 1,000 sends a second, and how many sends a second the path takes when flooded.
struct EmbeddingBenchmarks {
    let report: BenchReport
    let quick: Bool

    static let script = """
        local ui = require("theolua")
        return ui.component("Services", {
          props = {
            tick = "integer",
            services = { "array", of = { "record", fields = {
              name = "string", status = "string", latency = { "array", of = "number" },
            } } },
          },
          initialState = function() return { selected = 1 } end,
          render = function(self)
            local rows = {}
            for i, s in ipairs(self.props.services) do
              rows[i] = ui.row { key = s.name, gap = 1,
                ui.text { ("%-10s"):format(s.name), bold = i == self.state.selected },
                ui.text { ("%-10s"):format(s.status), color = "green" },
                ui.text(("%5.1f ms"):format(s.latency[#s.latency])),
              }
            end
            return ui.column { ui.text("tick " .. self.props.tick), rows }
          end,
        })
        """

    struct Service: Encodable {
        var name: String
        var status: String
        var latency: [Double]
    }

    struct Snapshot: Encodable {
        var tick: Int
        var services: [Service]

        init(tick: Int) {
            self.tick = tick
            services = (0..<20).map { index in
                Service(
                    name: "service-\(index)", status: "running",
                    latency: (0..<16).map { Double((tick + index * 7 + $0 * 3) % 97) / 3 })
            }
        }
    }

    func run() {
        report.line("embedding: a host task feeding a running app through runtime.feed (120x40, frames encoded)")
        do {
            try latency(label: "send → frame, one at a time", pace: nil, count: quick ? 200 : 1000)
            try latency(label: "send → frame, 1,000 sends/s", pace: .milliseconds(1), count: quick ? 500 : 3000)
            try flood(for: quick ? .milliseconds(500) : .seconds(2))
        } catch {
            report.line("  failed: \(error)")
        }
    }

    /// A runtime as `TerminalApp` runs it, with the frame encoder a terminal gets.
    private final class Host {
        let runtime: Runtime
        var previous: CellBuffer
        var encoder = FrameEncoder()
        var frames = 0

        init() throws {
            runtime = try Runtime(width: 120, height: 40, runLoop: ClockRunLoop())
            try runtime.load(source: EmbeddingBenchmarks.script)
            try runtime.mount(props: Snapshot(tick: 0))
            previous = runtime.screen
        }

        /// Serves the feed once (waiting up to `limit` for it) and encodes the frame if
        /// the screen changed; returns the tick shown, if a frame was made.
        func serve(waiting limit: Duration) -> Int? {
            runtime.serviceIO(waitingUntil: .now + limit)
            let screen = runtime.screen
            guard screen != previous else { return nil }
            _ = encoder.encode(from: previous, to: screen)
            previous = screen
            frames += 1
            return Int(runtime.lines[0].dropFirst("tick ".count))
        }
    }

    /// Sends `count` snapshots from a detached task, one every `pace` (or each after the
    /// last one's frame, when `pace` is nil), and times each from before its encoding
    /// to the end of the frame that shows it.
    private func latency(label: String, pace: Duration?, count: Int) throws {
        let host = try Host()
        let feed = host.runtime.feed
        let start = ContinuousClock.now
        let sentAt = Locked([Duration](repeating: .zero, count: count + 1))
        let shown = Locked(0)
        let sender = Task.detached {
            for tick in 1...count {
                if pace == nil {
                    while shown.withLock({ $0 }) < tick - 1 { await Task.yield() }
                }
                sentAt.withLock { $0[tick] = ContinuousClock.now - start }
                try? feed.update(props: Snapshot(tick: tick))
                if let pace { try? await Task.sleep(for: pace) }
            }
        }
        var samples: [Duration] = []
        var last = 0
        let deadline = ContinuousClock.now + .seconds(60)
        while last < count && ContinuousClock.now < deadline {
            guard let tick = host.serve(waiting: .milliseconds(50)), tick > last else { continue }
            let now = ContinuousClock.now - start
            samples.append(now - sentAt.withLock { $0[tick] })
            last = tick
            shown.withLock { $0 = tick }
        }
        sender.cancel()
        guard !samples.isEmpty else {
            report.line("  \(label): no frame")
            return
        }
        samples.sort()
        report.note("\(label): median", samples[samples.count / 2])
        report.note("\(label): 99th percentile", samples[samples.count * 99 / 100])
        report.line("    \(samples.count) frames for \(count) sends (the latest of sends faster than frames is shown)")
    }

    /// Sends as fast as one task can for `duration`, and counts sends and frames.
    private func flood(for duration: Duration) throws {
        let host = try Host()
        let feed = host.runtime.feed
        let stop = Locked(false)
        let sent = Locked(0)
        let sender = Task.detached {
            var tick = 1
            while !stop.withLock({ $0 }) {
                try? feed.update(props: Snapshot(tick: tick))
                tick += 1
                sent.withLock { $0 = tick - 1 }
            }
        }
        let start = ContinuousClock.now
        while ContinuousClock.now - start < duration {
            _ = host.serve(waiting: .milliseconds(10))
        }
        stop.withLock { $0 = true }
        let elapsed = ContinuousClock.now - start
        _ = sender
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let sends = sent.withLock { $0 }
        report.line(
            "  flooded for \(format(elapsed)): \(Int(Double(sends) / seconds)) sends/s taken, "
                + "\(Int(Double(host.frames) / seconds)) frames/s drawn (each the latest send)")
    }
}
