/// A widget's mistake in what it was given (a tree node without an id, a screen pushed
/// without a name): its message, reported as the script's error at the widget.
struct WidgetError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
