#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many colors a terminal shows: styles are mapped down to what it has when they
/// are written, never in the cell buffer.
public enum ColorDepth: String, Sendable, CaseIterable {
    /// No colors at all (`NO_COLOR`): bold, underline, inverse and the rest stay.
    case none
    /// The 16 colors of the ANSI palette.
    case ansi16 = "16"
    /// The xterm 256-color palette.
    case ansi256 = "256"
    /// 24-bit color.
    case truecolor

    /// The depth the environment says the terminal has: none when `NO_COLOR` is set
    /// (to anything but the empty string, as no-color.org says), 24-bit when
    /// `COLORTERM` is `truecolor` or `24bit`, 256 when `TERM` mentions `256color`, no
    /// color for `TERM=dumb`, and 16 otherwise.
    public static func detect(_ environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
        let term = environment["TERM"]?.lowercased() ?? ""
        if term.contains("256color") { return .ansi256 }
        if term == "dumb" { return .none }
        return .ansi16
    }

    /// The depth of this process's environment.
    public static var ofEnvironment: ColorDepth {
        var environment: [String: String] = [:]
        for name in ["NO_COLOR", "COLORTERM", "TERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return detect(environment)
    }

    /// `color` as this depth shows it: itself when it fits, else the nearest color the
    /// depth has, nearest as the eye sees it (in the Oklab space, not by channel).
    public func adapt(_ color: Color) -> Color {
        switch (self, color.kind) {
        case (.truecolor, _), (_, .default): return color
        case (.none, _): return .default
        case (.ansi256, .palette): return color
        case (.ansi256, .rgb(let red, let green, let blue)):
            return .palette(Palette.nearest(red, green, blue, among: 256))
        case (.ansi16, .palette(let index)) where index < 16: return color
        case (.ansi16, .palette(let index)):
            let (red, green, blue) = Palette.rgb(of: index)
            return .palette(Palette.nearest(red, green, blue, among: 16))
        case (.ansi16, .rgb(let red, let green, let blue)):
            return .palette(Palette.nearest(red, green, blue, among: 16))
        }
    }
}

/// Maps styles to a depth, remembering the colors it has mapped (a search of the
/// palette per color, not per cell).
struct ColorAdapter: Sendable {
    let depth: ColorDepth
    private var mapped: [Color: Color] = [:]

    init(_ depth: ColorDepth) {
        self.depth = depth
    }

    /// `style` with its colors mapped to the depth.
    mutating func adapt(_ style: CellStyle) -> CellStyle {
        if depth == .truecolor { return style }
        var adapted = style
        adapted.foreground = adapt(style.foreground)
        adapted.background = adapt(style.background)
        return adapted
    }

    private mutating func adapt(_ color: Color) -> Color {
        if let known = mapped[color] { return known }
        let result = depth.adapt(color)
        if mapped.count < 4096 { mapped[color] = result }
        return result
    }
}

/// The xterm palette, and nearest-color search in Oklab.
enum Palette {
    /// The RGB of palette entry `index`: xterm's 16 system colors, the 6×6×6 cube and
    /// the 24 grays.
    static func rgb(of index: UInt8) -> (UInt8, UInt8, UInt8) {
        let system: [(UInt8, UInt8, UInt8)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        if index < 16 { return system[Int(index)] }
        if index >= 232 {
            let level = UInt8(8 + 10 * Int(index - 232))
            return (level, level, level)
        }
        let cube = Int(index) - 16
        let steps: [UInt8] = [0, 95, 135, 175, 215, 255]
        return (steps[cube / 36], steps[(cube / 6) % 6], steps[cube % 6])
    }

    /// The Oklab coordinates of an sRGB color.
    static func oklab(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> (Double, Double, Double) {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return (
            0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
        )
    }

    private static let lab256: [(Double, Double, Double)] = (0...255).map { index in
        let (red, green, blue) = rgb(of: UInt8(index))
        return oklab(red, green, blue)
    }

    /// The nearest entry: of the 16 system colors (`count` 16), or of the cube and the
    /// grays (`count` 256), whose colors are fixed, unlike the system colors, which
    /// terminals' themes change.
    static func nearest(_ red: UInt8, _ green: UInt8, _ blue: UInt8, among count: Int) -> UInt8 {
        let (l, a, b) = oklab(red, green, blue)
        var best = 0
        var bestDistance = Double.infinity
        for index in count == 16 ? 0..<16 : 16..<256 {
            let (l2, a2, b2) = lab256[index]
            let distance = (l - l2) * (l - l2) + (a - a2) * (a - a2) + (b - b2) * (b - b2)
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return UInt8(best)
    }
}
