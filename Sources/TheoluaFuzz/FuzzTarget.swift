/// The parsers of outside input, as fuzz targets: libFuzzer drives them through the
/// `theolua-fuzz` executable (`scripts/fuzz`), and the test suite replays the corpus
/// kept under `Tests/FuzzCorpus/<target>/` through the very same functions.
///
/// Each target checks properties, not only the absence of a crash: a failure is returned
/// as a description (the fuzzer then stops with it; a replay test fails with it).
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Raw terminal bytes through the input decoder.
    case inputDecoder = "input-decoder"
    /// `--keys` lists through the key-name parser.
    case keyNames = "key-names"
    /// `--props` texts through the JSON parser.
    case json
    /// JSON texts through `ui.json.decode` and `encode`, against the `--props` parser.
    case luaJSON = "lua-json"
    /// Lua values made from the input, through props schemas, `ui.emit` and state.
    case propsConversion = "props-conversion"
    /// Lua patterns and subjects, our matcher against stock Lua's.
    case patterns
    /// Script text through the loader's chain scan, against Lua's own loader.
    case chunks
    /// Trees of folders, files and links, and paths through the path gate, against a
    /// model of the file system.
    case paths
    /// Markdown documents through cmark-gfm and `ui.markdown`.
    case markdown
    /// Paragraphs of spans, read in C and in Swift, which must agree.
    case spans

    /// Runs the target on one input; nil when every property held.
    public func run(_ data: [UInt8]) -> String? {
        switch self {
        case .inputDecoder: InputDecoderTarget.run(data)
        case .keyNames: KeyNamesTarget.run(data)
        case .json: JSONTarget.run(data)
        case .luaJSON: LuaJSONTarget.run(data)
        case .propsConversion: PropsConversionTarget.run(data)
        case .patterns: PatternsTarget.run(data)
        case .chunks: ChunkTarget.run(data)
        case .paths: PathGateTarget.run(data)
        case .markdown: MarkdownTarget.run(data)
        case .spans: SpansTarget.run(data)
        }
    }
}
