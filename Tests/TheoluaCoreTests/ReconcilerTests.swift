import Testing
import TheoluaCore
import TheoluaWidgets

@Suite struct ReconcilerTests {
    func list(_ labels: String..., fixture: Fixture) -> Element {
        List(labels: labels, log: fixture.logRef).element()
    }

    @Test func firstMountInsertsEachHostNodeParentFirst() {
        let f = Fixture()
        let lines = f.render(list("a", "b", fixture: f))
        #expect(
            lines == [
                "render List",
                "insert box into root",
                "render List › Row#a",
                "insert text(\"a 0\") into box",
                "render List › Row#b",
                "insert text(\"b 0\") into box",
            ])
        #expect(f.reconciler.componentCount == 3)
    }

    @Test func equalElementsProduceNoOperations() {
        let f = Fixture()
        f.render(list("a", "b", fixture: f))
        #expect(f.render(list("a", "b", fixture: f)) == [])
    }

    @Test func keyedReorderMovesTheFewestNodes() {
        let f = Fixture()
        f.render(list("a", "b", "c", "d", fixture: f))
        let lines = f.render(list("d", "a", "b", "c", fixture: f))
        #expect(lines == ["render List", "move text(\"d 0\") in box before text(\"a 0\")"])
    }

    @Test func keyedSwapOfEndsMovesTwoNodes() {
        let f = Fixture()
        f.render(list("a", "b", "c", "d", fixture: f))
        let lines = f.render(list("d", "b", "c", "a", fixture: f))
        #expect(
            lines == [
                "render List",
                "move text(\"a 0\") in box",
                "move text(\"d 0\") in box before text(\"b 0\")",
            ])
    }

    @Test func insertionInTheMiddleIsOneInsertBeforeItsNextSibling() {
        let f = Fixture()
        f.render(list("a", "c", fixture: f))
        let lines = f.render(list("a", "b", "c", fixture: f))
        #expect(lines == ["render List", "render List › Row#b", "insert text(\"b 0\") into box before text(\"c 0\")"])
    }

    @Test func removalRemovesOnlyTheTopmostHostNode() {
        let f = Fixture()
        f.render(list("a", "b", "c", fixture: f))
        #expect(f.render(list("a", "c", fixture: f)) == ["render List", "remove text(\"b 0\") from box"])
        #expect(f.render(nil) == ["remove box from root"])
        #expect(f.reconciler.componentCount == 0)
    }

    @Test func keyedChildrenKeepStateWhenReordered() {
        let f = Fixture()
        f.render(list("a", "b", fixture: f))
        f.reconciler.dispatchToRow("b", in: f, bump: 5)
        f.settle()
        let lines = f.render(list("b", "a", fixture: f))
        #expect(lines == ["render List", "move text(\"b 5\") in box before text(\"a 0\")"])
    }

    @Test func unkeyedChildrenAreMatchedByPosition() {
        let f = Fixture()
        f.render(.box(children: [.text("x"), .text("y")]))
        let lines = f.render(.box(children: [.text("x"), .text("z")]))
        #expect(lines == ["update text(\"z\")"])
    }

    @Test func aChangedTypeAtAPositionReplacesTheNode() {
        let f = Fixture()
        f.render(.box(children: [.text("x"), .text("y")]))
        let lines = f.render(.box(children: [.box(children: []), .text("y")]))
        #expect(lines == ["remove text(\"x\") from box", "insert box into box before text(\"y\")"])
    }

    @Test func duplicateKeysAreAnErrorNamingTheParentAndTheKey() {
        let f = Fixture()
        f.render(list("a", "b", fixture: f))
        let lines = f.render(list("a", "a", fixture: f))
        #expect(lines == ["render List"])
        #expect(f.errors.count == 1)
        let message = f.errors.first.map(String.init(describing:)) ?? ""
        #expect(message.contains("Duplicate key 'a' among children of List › box"))
        #expect(message.contains("give each child a unique key"))
        // The previous children are kept, not merged or shared.
        #expect(f.reconciler.componentCount == 3)
    }

    @Test func theFirstDuplicateKeyIsFoundWhetherKeysRiseOrNot() {
        func children(_ keys: [Key?]) -> [Element] { keys.map { Element.text("x", key: $0) } }
        #expect(Element.firstDuplicateKey(in: children([.int(1), nil, .int(2), .int(5)])) == nil)
        #expect(Element.firstDuplicateKey(in: children([.int(1), .int(2), .int(3), .int(2)])) == .int(2))
        #expect(Element.firstDuplicateKey(in: children([.int(1), .int(1)])) == .int(1))
        #expect(Element.firstDuplicateKey(in: children([.int(3), .int(1), .int(2)])) == nil)
        #expect(Element.firstDuplicateKey(in: children([.int(1), .string("1"), .string("a")])) == nil)
        #expect(Element.firstDuplicateKey(in: children([.int(1), .string("a"), .int(1)])) == .int(1))
        #expect(Element.firstDuplicateKey(in: children([.int(Int.min), .int(Int.min)])) == .int(Int.min))
    }

    @Test func afterADuplicateKeyTheChildrenAreReconciledAgainInFull() {
        let f = Fixture()
        f.render(list("a", "b", fixture: f))
        f.render(list("a", "a", fixture: f))
        #expect(f.errors.count == 1)
        // The kept children took none of the refused elements: the next pass compares
        // with what they hold, and the list of unique keys updates as usual.
        let lines = f.render(list("a", "b", "c", fixture: f))
        #expect(f.errors.count == 1)
        #expect(lines.contains("insert text(\"c 0\") into box"))
        #expect(f.reconciler.componentCount == 4)
    }

    @Test func duplicateKeysOnFirstMountMountNothingAndDoNotCrash() {
        let f = Fixture()
        f.render(list("a", "a", fixture: f))
        #expect(f.errors.count == 1)
        #expect(f.reconciler.componentCount == 1)
    }

    @Test func componentsWithUnchangedPropsAreNotRerendered() {
        let f = Fixture()
        f.render(list("a", "b", fixture: f))
        let lines = f.render(list("a", "b", "c", fixture: f))
        #expect(!lines.contains("render List › Row#a"))
        #expect(!lines.contains("render List › Row#b"))
        #expect(lines.contains("render List › Row#c"))
    }

    @Test func fragmentsInsertBeforeTheNextHostSiblingOfTheirParent() {
        let f = Fixture()
        let parts = { (items: [String]) in
            Element.box(children: [Fragment(items: items).element(), .text("end")])
        }
        f.render(parts([]))
        #expect(
            f.render(parts(["p", "q"])) == [
                "insert text#p into box before text(\"end\")",
                "insert text#q into box before text(\"end\")",
            ])
        #expect(f.render(parts(["q", "p"])) == ["move text#q in box before text#p"])
    }

    @Test func hostPropsChangeUpdatesOnlyThatNode() {
        let f = Fixture()
        f.render(.box(["gap": 1], children: [.text("a"), .text("b")]))
        #expect(f.render(.box(["gap": 2], children: [.text("a"), .text("b")])) == ["update box"])
    }

    @Test func everyPassIsANewGenerationAndCommitsOnceWhenHostChanged() {
        let f = Fixture()
        let start = f.reconciler.generation
        f.reconciler.update(root: list("a", fixture: f))
        #expect(f.log.count(of: "commit") == 1)
        f.reconciler.update(root: list("a", fixture: f))
        #expect(f.log.count(of: "commit") == 1)
        #expect(f.reconciler.generation == start + 2)
    }

    @Test func forcedRenderRerendersEverythingAndKeepsState() {
        let f = Fixture()
        f.render(list("a", fixture: f))
        f.reconciler.dispatchToRow("a", in: f, bump: 2)
        f.settle()
        f.reconciler.update(root: list("a", fixture: f), forceRender: true)
        #expect(f.take() == ["render List", "render List › Row#a"])
        #expect(f.errors.isEmpty)
    }
}

/// Renders its items as bare text nodes, without a host container of its own.
struct Fragment: Component {
    var items: [String]
    func render(_ context: ComponentContext<Fragment>) -> [Element] {
        items.map { .text($0, key: .string($0)) }
    }
}

extension Reconciler {
    /// Dispatches `bump` to the row keyed `label` through a handler the row would make.
    func dispatchToRow(_ label: String, in fixture: Fixture, bump: Int) {
        guard let id = fixture.rowIDs[label] else { return }
        dispatch(Handler(component: id, named: "Row", action: "bump", arguments: [.int(bump)]))
    }
}

@Suite struct PlaceholderTests {
    @Test func emptyPlaceholdersKeepTheSlotsOfLaterSiblings() {
        let f = Fixture()
        let view = { (show: Bool) in
            Element.box(children: [show ? .text("banner") : .empty, Row(label: "r", log: f.logRef).element()])
        }
        f.render(view(false))
        if let id = f.rowIDs["r"] { f.reconciler.dispatch(action: "bump", to: id, arguments: [3]) }
        f.settle()
        let lines = f.render(view(true))
        // The row keeps its state (it is still the second child), and the banner goes before it.
        #expect(lines == ["insert text(\"banner\") into box before text(\"r 3\")"])
        #expect(f.render(view(false)) == ["remove text(\"banner\") from box"])
    }
}
