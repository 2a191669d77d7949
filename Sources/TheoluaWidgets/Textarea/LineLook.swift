import TheoluaCanvas
import TheoluaCore

/// A look a textarea's `highlight` function gives part of a line: its bytes and how
/// they differ from the textarea's text.
///
/// The function returns a list of `{ from, to, style }`: `from` and `to` are byte
/// positions of the line, from 1 and inclusive, as `string.find` gives them; `style`
/// is a color name or a table of `color`, `bg`, `bold`, `italic`, `underline`,
/// `strikethrough`, `dim` and `inverse`. Positions past the line are cut to it; an
/// entry of another shape is left out.
struct LineLook: Sendable, Hashable {
    /// The bytes it covers, from 0.
    var bytes: Range<Int>
    var color: Color?
    var background: Color?
    var adding: TextAttributes

    /// Gives `run` this look.
    func apply(to run: inout TextRun) {
        if let color { run.color = color }
        if let background { run.background = background }
        run.adding.formUnion(adding)
    }

    /// The looks a `highlight` function returned for a line of `lineLength` bytes.
    static func looks(from value: Value, lineLength: Int) -> [LineLook] {
        guard case .array(let entries) = value else { return [] }
        return entries.values.compactMap { entry in
            guard case .array(let parts) = entry, parts.count == 3, let from = parts[0].intValue,
                let to = parts[1].intValue
            else { return nil }
            let first = max(from, 1) - 1
            let end = min(to, lineLength)
            guard first < end else { return nil }
            var look = LineLook(bytes: first..<end, color: nil, background: nil, adding: [])
            switch parts[2] {
            case .string:
                look.color = PropsMapping.color(parts[2])
            case .record(let style):
                if let color = style["color"] { look.color = PropsMapping.color(color) }
                if let background = style["bg"] { look.background = PropsMapping.color(background) }
                look.adding = PropsMapping.attributes(style)
            default:
                return nil
            }
            return look
        }
    }
}
