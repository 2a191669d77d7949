import Testing

@testable import TheoluaCanvas

/// Compares a buffer's lines with the expected screen and, on a mismatch, records one
/// issue showing both screens side by side with the differing rows marked.
func expectScreen(
    _ buffer: CellBuffer, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = buffer.lines
    if actual == expected { return }
    Issue.record(
        Comment(rawValue: screenDiff(actual: actual, expected: expected)), sourceLocation: sourceLocation)
}

/// A readable diff of two screens: each row as `expected | actual`, `≠` on differing rows.
func screenDiff(actual: [String], expected: [String]) -> String {
    let rows = max(actual.count, expected.count)
    let width = max(8, expected.map { UnicodeWidth.of($0) }.max() ?? 0)
    var report = "screen differs (expected | actual), rows marked ≠:\n"
    for row in 0..<rows {
        let want = row < expected.count ? expected[row] : "<missing>"
        let got = row < actual.count ? actual[row] : "<missing>"
        let padding = String(repeating: " ", count: max(0, width - UnicodeWidth.of(want)))
        let mark = want == got ? " " : "≠"
        report += "\(mark) \(row < 10 ? " " : "")\(row) |\(want)\(padding)| |\(got)|\n"
    }
    return report
}

/// Lays out and paints a tree on a fresh canvas of the given size.
func render(_ root: CanvasNode, width: Int, height: Int) -> CellBuffer {
    let canvas = Canvas(width: width, height: height)
    canvas.root = root
    return canvas.render()
}

/// Shortcut for a text node.
func text(_ content: String, _ style: TextStyle = TextStyle()) -> CanvasNode {
    CanvasNode(text: content, style: style)
}

/// Shortcut for a box node with children.
func box(_ style: BoxStyle = BoxStyle(), _ children: [CanvasNode] = []) -> CanvasNode {
    let node = CanvasNode(box: style)
    for child in children { node.appendChild(child) }
    return node
}

/// Shortcut for a box style built by a closure.
func style(_ configure: (inout BoxStyle) -> Void) -> BoxStyle {
    var result = BoxStyle()
    configure(&result)
    return result
}

/// Bytes with ESC made visible: `␛[2;5Hx`.
func visible(_ bytes: [UInt8]) -> String { EscapeSequence.visible(bytes) }
