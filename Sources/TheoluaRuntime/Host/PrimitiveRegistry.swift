import TheoluaCanvas
import TheoluaCore
import TheoluaWidgets

/// The primitives a host draws, by kind: the ``PrimitiveSpec``s of the widgets it was
/// given. Each view holds its kind's entry, which reaches the registry again, so that a
/// view making the views of its children finds their kinds without the host.
final class PrimitiveRegistry {
    /// A kind's spec, and the registry it belongs to.
    final class Entry {
        let spec: PrimitiveSpec
        unowned let registry: PrimitiveRegistry

        init(_ spec: PrimitiveSpec, in registry: PrimitiveRegistry) {
            self.spec = spec
            self.registry = registry
        }

        /// Whether a primitive of this kind takes focus with `props`.
        @inline(__always)
        func isFocusable(_ props: Record) -> Bool { spec.isFocusable(props) }
    }

    private var entries: [String: Entry] = [:]
    /// The root container's.
    private(set) lazy var root = Entry(BuiltIn.root, in: self)
    /// What a kind the registry does not know is drawn as: a plain box.
    private(set) lazy var fallback = Entry(BuiltIn.box, in: self)
    /// Renders the waiting component a placeholder view stands for, in its place;
    /// returns whether it did (the host's, which a focus search reaches through a view).
    var renderPlaceholder: (HostView) -> Bool = { _ in false }

    /// A registry of `specs`; a later spec of a kind replaces an earlier one.
    init(_ specs: [PrimitiveSpec]) {
        for spec in specs { entries[spec.kind] = Entry(spec, in: self) }
    }

    /// The entry of `kind`; a kind nobody registered is drawn as a plain box.
    @inline(__always)
    func entry(for kind: String) -> Entry {
        entries[kind] ?? fallback
    }

    /// The entry of `kind`, if a spec of it is registered.
    @inline(__always)
    func knownEntry(for kind: String) -> Entry? { entries[kind] }

    /// Adds `spec`, replacing the one of its kind.
    func register(_ spec: PrimitiveSpec) {
        entries[spec.kind] = Entry(spec, in: self)
    }
}
