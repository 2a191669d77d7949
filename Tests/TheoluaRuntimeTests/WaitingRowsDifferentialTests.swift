import Testing
import TheoluaCore
import TheoluaRuntime

/// A row of the differential test: a line, two lines, or a button.
private struct Cell: Component, Equatable {
    enum Shape: Equatable { case line, tall, button }
    var label: String
    var shape: Shape

    func render(_ context: ComponentContext<Cell>) -> [Element] {
        switch shape {
        case .line: [.text(label)]
        case .tall: [.column(children: [.text(label), .text("  ·")])]
        case .button: [.button(label, onPress: nil, key: .string(label))]
        }
    }
}

/// Rows that wait until a scroll shows them draw what rows mounted at once draw: the same
/// random generations (rows inserted, removed, moved, relabelled) and keys (scrolling and
/// focus) given to a host that lets rows wait and to one that does not give the same
/// screens and the same focus, step by step.
@Suite struct WaitingRowsDifferentialTests {
    private struct Model {
        var rows: [(key: Int, cell: Cell)] = []
        var nextKey = 0
        var focusable = true
        var follow = false
        var gap = 0

        mutating func addRow(at index: Int, _ random: inout SeededGenerator) {
            let shapes: [Cell.Shape] = [.line, .line, .tall, .button]
            let cell = Cell(label: "r\(nextKey)", shape: shapes[Int(random.next() % 4)])
            rows.insert((nextKey, cell), at: index)
            nextKey += 1
        }

        var element: Element {
            // The first focusable is outside the scroll: focus nobody asked for goes only
            // to rows mounted, which is where waiting rows differ by design.
            .column(children: [
                .button("top", onPress: nil, key: "top"),
                .scroll(
                    ["grow": 1, "focusable": .bool(focusable), "follow": .bool(follow), "gap": .int(gap)],
                    children: rows.map { $0.cell.element(key: .int($0.key)) }),
                .button("end", onPress: nil),
            ])
        }
    }

    @Test(arguments: Array(1...12) as [UInt64])
    func waitingRowsDrawWhatRowsMountedAtOnceDraw(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var model = Model()
        model.focusable = seed % 2 == 0
        model.follow = seed % 3 == 0
        model.gap = seed % 4 == 1 ? 1 : 0
        for index in 0..<80 { model.addRow(at: index, &random) }
        let waiting = HostHarness(width: 16, height: 7, defersRows: true, model.element)
        let eager = HostHarness(width: 16, height: 7, defersRows: false, model.element)
        let keys = ["down", "up", "pagedown", "pageup", "home", "end", "tab", "backtab", "tab tab tab"]
        var history: [String] = []
        for step in 0..<400 {
            let choice = random.next() % 10
            let what: String
            if choice < 6 {
                let key = keys[Int(random.next() % UInt64(keys.count))]
                what = "keys \(key)"
                for name in key.split(separator: " ") {
                    waiting.press(String(name))
                    eager.press(String(name))
                }
            } else {
                what = "generation"
                switch random.next() % 4 {
                case 0:
                    model.addRow(at: Int(random.next() % UInt64(model.rows.count + 1)), &random)
                case 1 where !model.rows.isEmpty:
                    model.rows.remove(at: Int(random.next() % UInt64(model.rows.count)))
                case 2 where model.rows.count > 1:
                    let row = model.rows.remove(at: Int(random.next() % UInt64(model.rows.count)))
                    model.rows.insert(row, at: Int(random.next() % UInt64(model.rows.count + 1)))
                default:
                    if !model.rows.isEmpty {
                        let index = Int(random.next() % UInt64(model.rows.count))
                        model.rows[index].cell.label += "'"
                    }
                }
                waiting.mount(model.element)
                eager.mount(model.element)
            }
            let (shown, expected) = (waiting.lines, eager.lines)
            history.append("\(step) \(what): \(shown) \(Self.window(waiting)) vs \(Self.window(eager)) \(expected)")
            if shown != expected || waiting.focusedKey != eager.focusedKey {
                Issue.record(
                    "\(history.suffix(6).joined(separator: "\n"))\nseed \(seed), step \(step) (\(what)): waiting rows show \(shown), focus \(waiting.focusedKey ?? "-"); rows mounted at once show \(expected), focus \(eager.focusedKey ?? "-")"
                )
                return
            }
        }
        #expect(waiting.errors == [])
        #expect(waiting.reconciler.componentCount < eager.reconciler.componentCount)
    }

    /// Where the scroll's window is: first row + lines above it / rows, for failures.
    private static func window(_ harness: HostHarness) -> String {
        guard let scroll = harness.host.canvas.root?.children.first?.children.dropFirst().first else { return "?" }
        let position = scroll.scrollPosition
        return "\(position.firstVisibleIndex)+\(position.lineOffset)/\(scroll.children.count)"
    }
}
