import Testing

@testable import TheoluaCore
import TheoluaWidgets

/// PRODUCT.md §5, Context: a provided value reaches the components that use it, and a
/// change renders those only.
@Suite struct ContextTests {
    static let theme = ContextKey(.string("light"), name: "theme")

    /// A leaf that logs its renders; every `every`-th one uses the theme.
    struct Leaf: Component {
        var index: Int
        var uses: Bool
        var log: LogRef

        func render(_ context: ComponentContext<Leaf>) -> [Element] {
            log.log.add(uses ? "consumer" : "leaf")
            guard uses else { return [.text("\(index)")] }
            let shown = "\(index) \(context.use(ContextTests.theme).stringValue ?? "?")"
            log.log.add("shows \(shown)")
            return [.text(shown)]
        }
    }

    /// A memoized group of leaves: it renders only when its props change.
    struct Group: Component {
        var first: Int
        var count: Int
        var every: Int
        var log: LogRef

        func render(_ context: ComponentContext<Group>) -> [Element] {
            log.log.add("group")
            return (first..<first + count).map {
                Leaf(index: $0, uses: $0 % every == 0, log: log).element(key: .int($0))
            }
        }
    }

    static func app(theme: String, log: LogRef, groups: Int = 100, size: Int = 100, every: Int = 1000) -> Element {
        .provider(
            ContextTests.theme, value: .string(theme),
            children: (0..<groups).map {
                Group(first: $0 * size, count: size, every: every, log: log).element(key: .int($0))
            })
    }

    @Test func aValueChangeRendersItsTenConsumersAmongTenThousandComponentsOnly() {
        let fixture = Fixture()
        let first = fixture.render(Self.app(theme: "light", log: fixture.logRef))
        #expect(first.count { $0 == "leaf" } == 9_990)
        #expect(first.count { $0 == "consumer" } == 10)

        let change = fixture.render(Self.app(theme: "dark", log: fixture.logRef))
        #expect(change.count { $0 == "consumer" } == 10)
        #expect(change.count { $0 == "leaf" } == 0)
        #expect(change.count { $0 == "group" } == 0)
        #expect(change.contains("shows 0 dark"))
        #expect(fixture.errors.isEmpty)

        // The same value again renders nothing.
        let same = fixture.render(Self.app(theme: "dark", log: fixture.logRef))
        #expect(!same.contains { $0 == "consumer" || $0 == "leaf" || $0 == "group" })
    }

    @Test func theNearestProviderWinsAndTheDefaultStandsWhereThereIsNone() {
        let fixture = Fixture()
        let log = fixture.logRef
        let leaf = { (index: Int) in Leaf(index: index, uses: true, log: log).element(key: .int(index)) }
        let lines = fixture.render(
            .column(children: [
                leaf(1),
                .provider(
                    Self.theme, value: .string("outer"),
                    children: [
                        leaf(2),
                        .provider(Self.theme, value: .string("inner"), children: [leaf(3)]),
                    ]),
            ]))
        #expect(lines.filter { $0.hasPrefix("shows") } == ["shows 1 light", "shows 2 outer", "shows 3 inner"])
    }

    @Test func aValueProvidedAboveTheRootReachesWhatNoProviderElementCovers() {
        let fixture = Fixture()
        fixture.reconciler.provide(Self.theme, value: .string("host"))
        let log = fixture.logRef
        let lines = fixture.render(
            .column(children: [
                Leaf(index: 1, uses: true, log: log).element(key: 1),
                .provider(
                    Self.theme, value: .string("inner"), children: [Leaf(index: 2, uses: true, log: log).element()]),
            ]))
        #expect(lines.filter { $0.hasPrefix("shows") } == ["shows 1 host", "shows 2 inner"])
        let names = fixture.reconciler.componentTree().flatMap(\.all).map(\.name)
        #expect(names == ["Leaf", "Provider", "Leaf"], "nothing shows above the root")
    }

    @Test func aNewValueAboveTheRootRendersItsTenConsumersAtTheNextTurnOnly() {
        let fixture = Fixture()
        let log = fixture.logRef
        let app = Element.column(
            children: (0..<100).map { Group(first: $0 * 100, count: 100, every: 1000, log: log).element(key: .int($0)) }
        )
        let first = fixture.render(app)
        #expect(first.filter { $0.hasPrefix("shows") }.first == "shows 0 light", "the default, until a host provides")

        fixture.reconciler.provide(Self.theme, value: .string("dark"))
        #expect(fixture.take().isEmpty, "nothing renders before the next turn")
        let change = fixture.settle()
        #expect(change.count { $0 == "consumer" } == 10)
        #expect(change.count { $0 == "leaf" } == 0)
        #expect(change.count { $0 == "group" } == 0)
        #expect(change.contains("shows 0 dark"))

        fixture.reconciler.provide(Self.theme, value: .string("dark"))
        #expect(fixture.settle().isEmpty, "the same value again renders nothing")
        #expect(fixture.errors.isEmpty)
    }

    @Test func aConsumerOfAValueAboveTheRootIsForgottenWhenItUnmounts() {
        let fixture = Fixture()
        fixture.reconciler.provide(Self.theme, value: .string("host"))
        fixture.render(Leaf(index: 1, uses: true, log: fixture.logRef).element())
        #expect(fixture.reconciler.rootContextConsumers[Self.theme]?.count == 1)
        fixture.render(nil)
        #expect(fixture.reconciler.rootContextConsumers.isEmpty)
        fixture.reconciler.provide(Self.theme, value: .string("other"))
        #expect(fixture.settle().isEmpty)
    }

    @Test func aConsumerBelowTwoProvidersFollowsTheNearestOnly() {
        let fixture = Fixture()
        let log = fixture.logRef
        func tree(outer: String, inner: String) -> Element {
            .provider(
                Self.theme, value: .string(outer),
                children: [
                    .provider(
                        Self.theme, value: .string(inner),
                        children: [Leaf(index: 1, uses: true, log: log).element()])
                ])
        }
        fixture.render(tree(outer: "a", inner: "x"))
        #expect(!fixture.render(tree(outer: "b", inner: "x")).contains("consumer"))
        #expect(fixture.render(tree(outer: "b", inner: "y")).filter { $0.hasPrefix("shows") } == ["shows 1 y"])
    }
}
