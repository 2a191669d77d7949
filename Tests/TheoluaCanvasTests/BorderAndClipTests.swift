import Testing

@testable import TheoluaCanvas

@Suite struct BorderAndClipTests {
    @Test func everyBorderKindUsesItsGlyphs() {
        let kinds: [BorderKind] = [.single, .double, .round, .bold, .ascii]
        let root = box(
            BoxStyle(direction: .row),
            kinds.map { box(BoxStyle(width: .cells(4), height: .cells(3), border: $0)) })
        expectScreen(
            render(root, width: 20, height: 3),
            [
                "┌──┐╔══╗╭──╮┏━━┓+--+",
                "│  │║  ║│  │┃  ┃|  |",
                "└──┘╚══╝╰──╯┗━━┛+--+",
            ])
    }

    @Test func titleSitsInTheTopBorder() {
        var titled = BoxStyle(border: .single, title: "Log")
        titled.height = .cells(3)
        expectScreen(
            render(box(titled, [text("hi")]), width: 12, height: 3),
            ["┌─ Log ────┐", "│hi        │", "└──────────┘"])
    }

    @Test func longTitleIsShortenedWithAnEllipsis() {
        expectScreen(
            render(box(BoxStyle(border: .round, title: "Messages")), width: 9, height: 2),
            ["╭─ Me… ─╮", "╰───────╯"])
        expectScreen(
            render(box(BoxStyle(border: .round, title: "Messages")), width: 6, height: 2),
            ["╭────╮", "╰────╯"])
        expectScreen(
            render(box(BoxStyle(border: .single, title: "漢字漢字")), width: 10, height: 2),
            ["┌─ 漢… ──┐", "└────────┘"])
    }

    @Test func borderColorColorsTheBorderOnly() {
        var colored = BoxStyle(border: .single)
        colored.borderColor = .green
        let buffer = render(box(colored, [text("x")]), width: 3, height: 3)
        #expect(buffer[0, 0].style.foreground == .green)
        #expect(buffer[1, 1].style.foreground == .default)
    }

    @Test func childrenAreClippedInsideTheBorder() {
        let root = box(
            BoxStyle(direction: .row, align: .start),
            [box(BoxStyle(width: .cells(6), border: .single), [text("abcdefghij", TextStyle(wrap: .none))])])
        expectScreen(render(root, width: 10, height: 3), ["┌────┐", "│abcd│", "└────┘"])
    }

    @Test func nothingIsDrawnOutsideItsBox() {
        let inner = box(BoxStyle(width: .cells(10)), [text("0123456789")])
        let clipper = box(BoxStyle(width: .cells(3), height: .cells(1)), [inner])
        let root = box(BoxStyle(), [clipper, text("next")])
        expectScreen(render(root, width: 12, height: 2), ["012", "next"])
    }

    @Test func overflowingChildrenAreClippedAtTheBottom() {
        let root = box(
            BoxStyle(), [box(BoxStyle(height: .cells(2)), [text("a"), text("b"), text("c")]), text("z")])
        expectScreen(render(root, width: 3, height: 3), ["a", "b", "z"])
    }

    @Test func backgroundFillsTheBoxOnly() {
        var filled = BoxStyle(width: .cells(2), height: .cells(1))
        filled.background = .red
        let buffer = render(box(BoxStyle(direction: .row), [box(filled), text("x")]), width: 4, height: 1)
        #expect(buffer[0, 0].style.background == .red)
        #expect(buffer[1, 0].style.background == .red)
        #expect(buffer[2, 0].style.background == .default)
        #expect(buffer.ansiLines.map(EscapeSequence.visible) == ["␛[41m  ␛[mx"])
    }

    @Test func tinyBoxesDrawWhatFits() {
        expectScreen(render(box(BoxStyle(border: .single)), width: 1, height: 1), ["┌"])
        expectScreen(render(box(BoxStyle(border: .single)), width: 2, height: 2), ["┌┐", "└┘"])
        expectScreen(render(box(BoxStyle(border: .single), [text("x")]), width: 0, height: 0), [])
    }
}
