import Testing

@testable import TheoluaCanvas

/// Layers: boxes drawn above the rest of the screen, laid out against the whole screen.
@Suite struct LayerTests {
    static func layer(_ children: [CanvasNode], at placement: LayerPlacement = .center, dims: Bool = false)
        -> CanvasNode
    {
        var style = BoxStyle(border: .single)
        style.layer = LayerStyle(placement: placement, dimsBelow: dims)
        return box(style, children)
    }

    static func list(rows: Int) -> CanvasNode {
        box(BoxStyle(), (0..<rows).map { text("row \($0) ..........") })
    }

    @Test func aCentredLayerDrawsOverTheTreeAndTakesNoRoomInIt() {
        let root = Self.list(rows: 5)
        root.insertChild(Self.layer([text("hi")]), at: 1)
        expectScreen(
            render(root, width: 16, height: 5),
            ["row 0 ..........", "row 1 ┌──┐......", "row 2 │hi│......", "row 3 └──┘......", "row 4 .........."])
    }

    @Test func aLayerIsOpaque() {
        var style = BoxStyle(padding: Edges(x: 1, y: 0))
        style.layer = LayerStyle()
        let root = Self.list(rows: 3)
        root.appendChild(box(style, [text("ab")]))
        expectScreen(render(root, width: 16, height: 3), ["row 0 ..........", "row 1  ab ......", "row 2 .........."])
    }

    @Test func openingAndClosingADialogOverTenThousandRowsRepaintsItsAreaOnly() {
        let root = Self.list(rows: 10_000)
        let canvas = Canvas(width: 40, height: 12)
        canvas.root = root
        canvas.render()
        let dialog = Self.layer([text("Save changes?")])
        root.appendChild(dialog)
        canvas.render()
        #expect(canvas.lastDamage == [Rect(x: 13, y: 5, width: 15, height: 3)])
        #expect(canvas.lastStatistics.arranged <= 3)
        #expect(canvas.buffer.lines[6] == "row 6 .......│Save changes?│")
        // A change inside the dialog lays out the dialog alone, not the list.
        dialog.children[0].text = "Save changes??"
        canvas.render()
        #expect(canvas.lastStatistics.arranged <= 2)
        #expect(canvas.buffer.lines[6] == "row 6 ......│Save changes??│")
        dialog.removeFromParent()
        canvas.render()
        #expect(canvas.lastDamage == [Rect(x: 12, y: 5, width: 16, height: 3)])
        #expect(canvas.buffer.lines[6] == "row 6 ..........")
    }

    @Test func aDimmingLayerDimsEverythingBelowIt() {
        let root = Self.list(rows: 3)
        let canvas = Canvas(width: 16, height: 3)
        canvas.root = root
        canvas.render()
        root.appendChild(Self.layer([text("x")], dims: true))
        canvas.render()
        #expect(canvas.lastDamage == [Rect(x: 0, y: 0, width: 16, height: 3)])
        #expect(canvas.buffer[0, 0].style.attributes.contains(.dim))
        #expect(!canvas.buffer[7, 1].style.attributes.contains(.dim))
    }

    @Test func aLayerNextToItsBoxGoesBelowItOrAboveWhenThereIsNoRoom() {
        let field = box(BoxStyle(width: 6), [text("field")])
        let menu = Self.layer([text("a"), text("b")], at: .parent)
        field.appendChild(menu)
        let spacer = box(BoxStyle(height: 1))
        let root = box(BoxStyle(), [spacer, field])
        let canvas = Canvas(width: 10, height: 7)
        canvas.root = root
        canvas.render()
        #expect(menu.absoluteFrame == Rect(x: 0, y: 2, width: 6, height: 4))
        // Four rows down, the field leaves two below it: the menu goes above it.
        spacer.boxStyle = BoxStyle(height: 4)
        canvas.render()
        #expect(menu.absoluteFrame == Rect(x: 0, y: 0, width: 6, height: 4))
        #expect(canvas.buffer.lines[4] == "field")
    }

    @Test func layersStackInTreeOrderAndHiddenOnesAreNotDrawn() {
        let first = Self.layer([text("first")], at: .point(x: 0, y: 0))
        let second = Self.layer([text("second")], at: .point(x: 2, y: 1))
        let root = Self.list(rows: 4)
        root.appendChild(first)
        root.insertChild(second, at: 0)
        let canvas = Canvas(width: 12, height: 4)
        canvas.root = root
        canvas.render()
        #expect(canvas.layerNodes.map { $0 === second } == [true, false])
        #expect(canvas.buffer.lines[1] == "│first│──┐")
        var hidden = second.boxStyle
        hidden.hidden = true
        second.boxStyle = hidden
        canvas.render()
        #expect(canvas.layerNodes.count == 1)
        #expect(canvas.buffer.lines[1] == "│first│...")
    }
}
