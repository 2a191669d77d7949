import TheoluaCore

/// The built-in widgets: the one list a new widget is added to.
public enum BuiltIn {
    /// The widgets scripts make as `ui.<name>`.
    public static let widgets: [WidgetSpec] = [
        TextWidget.spec, TextWidget.spanSpec, BoxWidget.spec, BoxWidget.rowSpec, BoxWidget.columnSpec, BoxWidget.spacerSpec,
        ButtonWidget.spec, InputWidget.spec, BoxWidget.scrollSpec, ListDefinition.spec, TableDefinition.spec,
        Layer.spec, TextareaWidget.spec, Checkbox.spec, Progress.spec, Spinner.spec, Select.spec, KeyHints.spec,
        Tabs.spec, Switch.spec, Radio.spec, Sparkline.spec, Chart.spec, Palette.spec, Help.spec, ScreensDefinition.spec, TreeDefinition.spec, FilePicker.spec, MarkdownView.spec,
    ]

    /// The contexts the widgets read, offered to scripts as `ui.<name>`.
    public static let contexts: [(name: String, key: ContextKey)] = [
        ("theme", Theme.context), ("navigation", ScreensDefinition.navigation),
    ]

    /// Where `ui.filePicker` lists folders: a record whose `list` handler takes a path and
    /// returns its entries (`{ name, kind, size, modified }`, by name), or throws why not.
    /// The runtime provides it, reading through the read grant; without it a file picker
    /// shows that the host offers no files.
    public static let filesContext = FilePicker.files

    /// The primitives the host draws, one per host node kind.
    public static let primitives: [PrimitiveSpec] = [
        TextWidget.primitive, BoxWidget.primitive, ButtonWidget.primitive, InputWidget.primitive,
        TextareaWidget.primitive, BoxWidget.scrollPrimitive, ListWidget.primitive, KeyHintsWidget.primitive,
        ProgressBar.primitive, SparklineBars.primitive, ChartPlot.primitive, HelpWidget.primitive,
    ]

    /// The invisible root container the top-level nodes live in.
    package static let root = BoxWidget.rootPrimitive
    /// A plain box: what a kind nobody registered is drawn as.
    package static let box = BoxWidget.primitive
}
