import TheoluaCanvas
import TheoluaCore

/// `ui.text`: one canvas text node. Its content is the `text` prop; numbers and booleans
/// given by Swift hosts are shown as written.
final class TextWidget: HostWidget {
    /// The text node.
    let node: CanvasNode

    /// A text drawn on `node` (a deferred text node made before), or on a new one.
    init(node: CanvasNode? = nil) {
        self.node = node ?? CanvasNode(text: "")
    }
    /// None: a text has no children.
    var container: CanvasNode? { nil }

    /// Sets the content, and the styles unless only the content changed.
    func apply(_ props: Record, old: Record?) {
        node.text = Self.content(props["text"])
        if props["runs"] != nil || old?["runs"] != nil {
            // Runs cut from the text by lengths are marks; runs with strings of their
            // own are runs.
            if let marks = PropsMapping.marks(props["runs"]) {
                node.runs = []
                node.marks = marks
            } else {
                node.marks = RunMarks()
                node.runs = PropsMapping.runs(props["runs"])
            }
        }
        if PropsMapping.onlyChanged("text", from: old, to: props) { return }
        let (text, sizing) = PropsMapping.textAndSizingStyles(props)
        node.textStyle = text
        if let sizing {
            node.boxStyle = sizing
        } else if old != nil {
            node.boxStyle = BoxStyle()
        }
    }

    /// A prop as text: strings as they are, numbers and booleans as written, else empty.
    static func content(_ value: Value?) -> String {
        switch value {
        case .string(let text): text
        case .int, .double, .bool: value?.description ?? ""
        default: ""
        }
    }
}

extension TextWidget {
    /// `ui.text`: a text node, never focused.
    static let primitive = PrimitiveSpec(kind: "text", canvasKind: .text) { TextWidget(node: $0) }
}
