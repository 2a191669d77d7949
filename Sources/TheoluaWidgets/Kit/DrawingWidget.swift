import TheoluaCanvas
import TheoluaCore

/// The host widget of a primitive that is a box drawing something of its own (a
/// progress bar, a sparkline's bars, a chart's plot): a box laid out by its props
/// (`width`, `height`, `grow`, …) whose content is the ``BoxDrawing`` its props make.
final class DrawingWidget: HostWidget {
    let node: CanvasNode
    /// None: a drawing has no children.
    var container: CanvasNode? { nil }
    private let drawing: (Record) -> AnyBoxDrawing

    /// A drawing on `node` (a deferred box node made before), or on a new box, made by
    /// `drawing` from the props each time they change.
    init(node: CanvasNode?, drawing: @escaping (Record) -> AnyBoxDrawing) {
        self.node = node ?? CanvasNode(box: BoxStyle())
        self.drawing = drawing
    }

    func apply(_ props: Record, old: Record?) {
        var style = PropsMapping.boxStyle(props)
        style.drawing = drawing(props)
        node.boxStyle = style
    }

    /// The primitive `kind`, never focused, drawing what `drawing` makes of its props.
    static func primitive(_ kind: String, drawing: @escaping @Sendable (Record) -> AnyBoxDrawing) -> PrimitiveSpec {
        PrimitiveSpec(kind: kind) { DrawingWidget(node: $0, drawing: drawing) }
    }
}
