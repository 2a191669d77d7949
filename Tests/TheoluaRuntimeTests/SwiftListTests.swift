import Testing
import TheoluaRuntime

/// `Element.list` and `Element.table` from Swift: the same virtualized list and table as
/// `ui.list` and `ui.table`, with closures making the items (docs/embedding.md).
@Suite struct SwiftListTests {
    /// A list of a million numbered items and a count of activations.
    struct Numbers: Component {
        struct State: Sendable, Equatable { var opened: [Int] = [] }

        static func initialState(_ props: Numbers) -> State { State() }

        func render(_ context: ComponentContext<Self>) throws -> [Element] {
            [
                .text("opened \(context.state.opened)"),
                .list(count: 1_000_000, itemHeight: 1, onActivate: context.handler("open"), style: ["grow": 1]) {
                    .text("number \($0)", key: .int($0))
                },
            ]
        }

        func perform(_ action: String, _ arguments: [Value], _ context: ComponentContext<Self>) throws -> Bool {
            guard action == "open", let index = arguments.first?.intValue else { return false }
            context.mutateState { $0.opened.append(index) }
            return true
        }
    }

    @Test func aSwiftListOfAMillionItemsMovesAndActivates() throws {
        let runtime = try Runtime(width: 20, height: 4)
        runtime.mount(Numbers().element())
        #expect(runtime.lines == ["opened []", "number 1", "number 2", "number 3"])
        runtime.send(KeyEvent(.end))
        runtime.send(KeyEvent(.enter))
        #expect(runtime.lines == ["opened [1000000]", "number 999998", "number 999999", "number 1000000"])
        #expect(runtime.reconciler.componentCount < 12)
    }

    @Test func aSwiftTableLinesUpItsColumns() throws {
        let runtime = try Runtime(width: 20, height: 3)
        let table = Element.table(
            columns: [TableColumn(title: "n", width: .cells(3), align: .right), TableColumn(title: "square")],
            count: 50_000
        ) { row, column in
            column == 1 ? .text(String(row)) : .text(String(row * row))
        }
        runtime.mount(table)
        #expect(runtime.lines == ["  n square", "  1 1", "  2 4"])
        runtime.send(KeyEvent(.end))
        #expect(runtime.lines == ["  n square", "49… 2499900001", "50… 2500000000"])
    }
}
