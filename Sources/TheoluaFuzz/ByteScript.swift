/// The start of a fuzz target's app: the input's bytes as the Lua string `data`, `ui`,
/// and `byte()`, which reads the next byte (0 past the end), for a small interpreter of
/// the bytes to follow.
enum ByteScript {
    /// `script` after the input as `data` and the reading of it.
    static func source(for data: [UInt8], _ script: String) -> String {
        let literal = data.map { "\\\($0)" }.joined()
        return "local data = \"\(literal)\"\n" + prelude + script
    }

    private static let prelude = """
        local ui = require("theolua")
        local position = 1
        local function byte()
          local b = data:byte(position) or 0
          position = position + 1
          return b
        end

        """
}
