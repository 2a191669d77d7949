/// Ready-made, deterministic canvas workloads for the benchmark executable to time.
///
/// Each workload builds its input once in `init` and does the measured work in `run()`,
/// so a benchmark can time `run()` alone, many times over. Package-visible: these are
/// test hooks, not API.
package enum CanvasWorkloads {
    /// A full-screen dashboard-like tree: a bordered header, a row of bordered columns
    /// full of styled text lines, and a footer.
    package static func dashboard(width: Int, height: Int, columns: Int = 4) -> CanvasNode {
        let root = CanvasNode(box: BoxStyle())
        var header = BoxStyle(border: .round, title: "theolua")
        header.borderColor = .cyan
        let headerBox = CanvasNode(box: header)
        headerBox.appendChild(
            CanvasNode(text: "A scriptable component runtime", style: TextStyle(attributes: .bold)))
        root.appendChild(headerBox)
        let body = CanvasNode(box: BoxStyle(direction: .row, grow: 1, gap: 1))
        for column in 0..<columns {
            let panel = CanvasNode(
                box: BoxStyle(grow: 1, padding: Edges(x: 1, y: 0), border: .single, title: "Panel \(column)"))
            for line in 0..<height {
                let color = Color.palette(UInt8(1 + (line + column) % 14))
                panel.appendChild(
                    CanvasNode(
                        text: "item \(line) 漢字 value \(line * 37 % 101)",
                        style: TextStyle(color: color, wrap: .ellipsis)))
            }
            body.appendChild(panel)
        }
        root.appendChild(body)
        root.appendChild(
            CanvasNode(
                text: "q quit  tab focus  ↑↓ scroll", style: TextStyle(attributes: .dim, align: .center)))
        return root
    }

    /// A full layout and paint of a fresh canvas (the cost of the first frame).
    package struct FullPaint {
        let width: Int
        let height: Int
        let root: CanvasNode

        /// Builds the tree once.
        package init(width: Int = 200, height: Int = 60) {
            self.width = width
            self.height = height
            root = CanvasWorkloads.dashboard(width: width, height: height)
        }

        /// Lays out and paints everything; returns the buffer so the work is not optimized away.
        package func run() -> CellBuffer {
            let canvas = Canvas(width: width, height: height)
            canvas.root = root
            root.invalidate()
            return canvas.render()
        }
    }

    /// Encoding a frame that differs from the previous one in one cell.
    package struct OneCellFrame {
        let previous: CellBuffer
        let next: CellBuffer

        /// Builds the two frames once.
        package init(width: Int = 200, height: Int = 60) {
            previous = FullPaint(width: width, height: height).run()
            var changed = previous
            changed.write("#", x: width / 2, y: height / 2, style: CellStyle(foreground: .brightYellow))
            next = changed
        }

        /// Encodes the update; returns its bytes.
        package func run() -> [UInt8] {
            var encoder = FrameEncoder()
            return encoder.encode(from: previous, to: next)
        }
    }

    /// Encoding a frame in which every cell changed, with styles varying along rows.
    package struct FullyChangedFrame {
        let previous: CellBuffer
        let next: CellBuffer

        /// Builds the two frames once.
        package init(width: Int = 200, height: Int = 60) {
            var first = CellBuffer(width: width, height: height)
            var second = CellBuffer(width: width, height: height)
            for row in 0..<height {
                for column in 0..<width {
                    let letter = Character(Unicode.Scalar(UInt8(97 + (row + column) % 26)))
                    first.put(letter, x: column, y: row, style: .plain)
                    let style = CellStyle(
                        foreground: .palette(UInt8((column / 8) % 16)),
                        background: row % 2 == 0 ? .default : .palette(236))
                    second.put(letter == "z" ? "a" : "z", x: column, y: row, style: style)
                }
            }
            previous = first
            next = second
        }

        /// Encodes the update; returns its bytes.
        package func run() -> [UInt8] {
            var encoder = FrameEncoder()
            return encoder.encode(from: previous, to: next)
        }
    }

    /// Relaying out and repainting after one leaf of a large tree changed.
    package final class LeafChange {
        let canvas: Canvas
        let leaf: CanvasNode
        private var flip = false

        /// Builds a tree of `columns` × `rows` text leaves and renders it once.
        package init(columns: Int = 100, rows: Int = 100, width: Int = 300, height: Int = 60) {
            let root = CanvasNode(box: BoxStyle(direction: .row))
            var target: CanvasNode?
            for column in 0..<columns {
                let box = CanvasNode(box: BoxStyle(grow: 1))
                for row in 0..<rows {
                    let node = CanvasNode(text: "r\(row % 10)")
                    if column == columns / 2 && row == 10 { target = node }
                    box.appendChild(node)
                }
                root.appendChild(box)
            }
            canvas = Canvas(width: width, height: height)
            canvas.root = root
            canvas.render()
            leaf = target ?? CanvasNode(text: "")
        }

        /// Changes the leaf's text (same width) and renders; returns the nodes arranged.
        package func run() -> Int {
            flip.toggle()
            leaf.text = flip ? "xx" : "r0"
            canvas.render()
            return canvas.lastStatistics.arranged
        }
    }
}
