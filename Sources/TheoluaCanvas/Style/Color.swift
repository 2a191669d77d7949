/// A foreground or background color of a cell.
///
/// The 16 named colors are palette indices 0–15 (`black` … `white`, then their bright
/// variants), so `.red` and `.palette(1)` are the same color and print as the same,
/// shortest escape code. A color is packed into 32 bits, so comparing cells (which
/// frame diffing does for every cell) is a plain integer comparison; switch over
/// `kind` to take one apart.
public struct Color: Sendable, Hashable {
    /// The three forms a color takes.
    public enum Kind: Sendable, Hashable {
        /// The terminal's own default color.
        case `default`
        /// A color of the 256-color palette: 0–7 normal, 8–15 bright, 16–255 extended.
        case palette(UInt8)
        /// A 24-bit color.
        case rgb(red: UInt8, green: UInt8, blue: UInt8)
    }

    /// Tag in bits 24–25 (0 default, 1 palette, 2 rgb), value in bits 0–23.
    private let packed: UInt32

    private init(packed: UInt32) { self.packed = packed }

    /// The terminal's own default color.
    public static let `default` = Color(packed: 0)

    /// A color of the 256-color palette: 0–7 normal, 8–15 bright, 16–255 extended.
    public static func palette(_ index: UInt8) -> Color {
        Color(packed: 1 << 24 | UInt32(index))
    }

    /// A 24-bit color.
    public static func rgb(red: UInt8, green: UInt8, blue: UInt8) -> Color {
        Color(packed: 2 << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
    }

    /// The color taken apart, for switching over.
    public var kind: Kind {
        switch packed >> 24 {
        case 1: return .palette(UInt8(truncatingIfNeeded: packed))
        case 2:
            return .rgb(
                red: UInt8(truncatingIfNeeded: packed >> 16), green: UInt8(truncatingIfNeeded: packed >> 8),
                blue: UInt8(truncatingIfNeeded: packed))
        default: return .default
        }
    }

    /// Palette color 0.
    public static let black = Color.palette(0)
    /// Palette color 1.
    public static let red = Color.palette(1)
    /// Palette color 2.
    public static let green = Color.palette(2)
    /// Palette color 3.
    public static let yellow = Color.palette(3)
    /// Palette color 4.
    public static let blue = Color.palette(4)
    /// Palette color 5.
    public static let magenta = Color.palette(5)
    /// Palette color 6.
    public static let cyan = Color.palette(6)
    /// Palette color 7.
    public static let white = Color.palette(7)
    /// Palette color 8, the bright black most terminals show as gray.
    public static let gray = Color.palette(8)
    /// Palette color 8.
    public static let brightBlack = Color.palette(8)
    /// Palette color 9.
    public static let brightRed = Color.palette(9)
    /// Palette color 10.
    public static let brightGreen = Color.palette(10)
    /// Palette color 11.
    public static let brightYellow = Color.palette(11)
    /// Palette color 12.
    public static let brightBlue = Color.palette(12)
    /// Palette color 13.
    public static let brightMagenta = Color.palette(13)
    /// Palette color 14.
    public static let brightCyan = Color.palette(14)
    /// Palette color 15.
    public static let brightWhite = Color.palette(15)

    /// The color names scripts may use, in palette order, without the `bright` prefix.
    public static let baseNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// Every name in lower case and in the camel case the docs use (`brightRed`), with
    /// its color: what ``init(parsing:)`` finds without lowercasing.
    private static let names: [String: Color] = {
        var names: [String: Color] = ["default": .default, "gray": .gray, "grey": .gray]
        for (index, base) in baseNames.enumerated() {
            let capitalized = base.prefix(1).uppercased() + base.dropFirst()
            names[base] = .palette(UInt8(index))
            names["bright" + base] = .palette(UInt8(index) + 8)
            names["bright" + capitalized] = .palette(UInt8(index) + 8)
        }
        for gray in ["brightgray", "brightgrey", "brightGray", "brightGrey"] { names[gray] = .white }
        return names
    }()

    /// Parses a color name as scripts write it: a name, `bright<Name>`, `"#rrggbb"` or
    /// `"default"`.
    ///
    /// Names are matched case-insensitively and `grey` is accepted for `gray`.
    /// `gray` is bright black (palette 8); `brightGray` is white (palette 7), the light
    /// gray of most terminals. Returns nil for anything else, so the caller can report
    /// the value it was given.
    public init?(parsing text: String) {
        // Names as scripts usually write them are looked up as they are: a styled run
        // parses its color on every render.
        if let named = Color.names[text] {
            self = named
            return
        }
        let name = text.lowercased()
        if name == "default" {
            self = .default
            return
        }
        if name.hasPrefix("#") {
            guard let color = Color.parseHex(name.dropFirst()) else { return nil }
            self = color
            return
        }
        switch name {
        case "gray", "grey": self = .gray
        case "brightgray", "brightgrey": self = .white
        default:
            var base = Substring(name)
            var offset: UInt8 = 0
            if base.hasPrefix("bright") {
                base = base.dropFirst("bright".count)
                offset = 8
            }
            guard let index = Color.baseNames.firstIndex(where: { $0 == base }) else { return nil }
            self = .palette(UInt8(index) + offset)
        }
    }

    /// A palette color from a script's number, 0–255; nil outside that range.
    public init?(paletteIndex: Int) {
        guard (0...255).contains(paletteIndex) else { return nil }
        self = .palette(UInt8(paletteIndex))
    }

    private static func parseHex(_ digits: Substring) -> Color? {
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        return .rgb(
            red: UInt8(truncatingIfNeeded: value >> 16),
            green: UInt8(truncatingIfNeeded: value >> 8),
            blue: UInt8(truncatingIfNeeded: value))
    }
}
