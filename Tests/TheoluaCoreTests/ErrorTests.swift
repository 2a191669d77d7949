import Testing
import TheoluaCore
import TheoluaWidgets

/// Fails in render or initial state when told to.
struct Fragile: Component {
    var failRender: Bool
    var failInitialState = false
    var label = "ok"

    static func initialState(_ props: Fragile) -> Int {
        props.failInitialState ? -1 : 0
    }

    func render(_ context: ComponentContext<Fragile>) throws -> [Element] {
        if failRender { throw TestError(message: "render failed") }
        return [.text(label)]
    }
}

/// Its definition throws from initialState, as a script's can.
struct ThrowingDefinition: ComponentDefinition {
    var name: String { "Thrower" }
    func initialState(props: Record) throws -> NoState { throw TestError(message: "no state for you") }
    func render(_ component: ComponentRef<ThrowingDefinition>) throws -> [Element] { [] }
}

@Suite struct ErrorTests {
    @Test func aRenderErrorKeepsThePreviousOutputAndNamesTheComponent() {
        let f = Fixture()
        f.render(.box(children: [Fragile(failRender: false, label: "good").element(key: "f")]))
        let lines = f.render(.box(children: [Fragile(failRender: true).element(key: "f")]))
        #expect(lines == [])
        #expect(f.errors.count == 1)
        #expect(f.errors.first?.component == "Fragile")
        #expect(f.errors.first?.phase == .render)
        #expect(f.errors.first?.path == "Fragile#f")
        #expect(String(describing: f.errors.first.map { $0 } as Any).contains("render failed"))
        // The next good generation renders again.
        #expect(
            f.render(.box(children: [Fragile(failRender: false, label: "better").element(key: "f")])) == [
                "update text(\"better\")"
            ])
    }

    @Test func aFailingInitialStateSkipsOnlyThatChild() {
        let f = Fixture()
        let lines = f.render(
            .box(children: [
                .component(ThrowingDefinition(), props: [:]),
                .text("sibling"),
            ]))
        #expect(lines == ["insert box into root", "insert text(\"sibling\") into box"])
        #expect(f.errors.first?.component == "Thrower")
        #expect(f.errors.first?.phase == .initialState)
    }
}
