import CTheoluaSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way a path a script names is opened: every file, folder, watch and tail a
/// script reaches, every module `require` loads, every app a test mounts and every
/// snapshot a test writes goes through a gate.
///
/// A gate holds a descriptor of each granted folder, opened once. To open a path it
/// first finds where the path leads (``PathResolver``, links followed wherever they
/// point), decides on that, and then opens exactly that place below the granted folder's
/// descriptor with the kernel refusing every link and every `..` out of it
/// (`openat2` with `RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS`, or a walk of `openat` with
/// `O_NOFOLLOW` where there is none). A link swapped in between makes the open fail,
/// and the gate looks again from the start; so what is opened is what was checked, and
/// a link is followed only when its target stays inside a grant. The checks that
/// matter are then made on the opened descriptor (`fstat`), never on the path. (The
/// common path, with no link and no `..` below a grant, is opened in one `openat2`
/// without the walk: the kernel's refusal of links is the check.)
///
/// Confined to the thread that uses it.
public final class FileGate {
    /// Why a path was not opened.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The grants do not reach it.
        case denied(PermissionDenied)
        /// A file was wanted and this is something else: a `folder`, a `FIFO`, a
        /// `device`, a `socket` or a `special file`.
        case notAFile(kind: String)
        /// The system's words, or ours.
        case failed(String)

        public var description: String {
            switch self {
            case .denied(let denial): denial.description
            case .notAFile(let kind): "it is a \(kind), not a file"
            case .failed(let reason): reason
            }
        }

        /// The message for `what` (`ui.readFile`) refused at `path`: a denial names the
        /// flag that would allow it; anything else names the path.
        public func message(_ what: String, path: String) -> String {
            if case .denied = self { return "\(what): \(self)" }
            return "\(what): \(Paths.abbreviated(path)): \(self)"
        }
    }

    /// A granted folder (or file), open.
    private struct Root {
        /// As granted, made absolute: paths taken without following links are matched
        /// against it.
        var given: String
        /// Where it leads: paths whose links were followed are matched against it.
        var path: String
        /// The folder, or for a granted file the folder holding it.
        var descriptor: Int32
        /// The granted file's name, when a file was granted.
        var file: String?
    }

    private let scope: Permissions.Folders
    private let base: String
    private let permission: PermissionDenied.Permission
    /// The granted folders not opened yet (missing when the gate was made).
    private var unopened: [String]
    private var roots: [Root] = []

    /// A gate that lets through what `scope` grants, relative paths taken against
    /// `base`; a denial names the flag of `permission`.
    public init(
        _ scope: Permissions.Folders, relativeTo base: String, for permission: PermissionDenied.Permission = .read
    ) {
        self.scope = scope
        let base = Paths.absolute(base, in: Paths.workingDirectory)
        self.base = base
        self.permission = permission
        switch scope {
        case .none: unopened = []
        case .all: unopened = ["/"]
        case .only(let folders): unopened = folders.map { Paths.absolute($0, in: base) }
        }
        openRoots()
    }

    deinit {
        for root in roots { closeDescriptor(root.descriptor) }
    }

    /// What a descriptor is opened as, to look at an entry without reading it: `O_PATH`
    /// where there is one.
    static var searchFlags: Int32 {
        #if os(Linux)
            THEOLUA_O_PATH | O_CLOEXEC
        #else
            // Without blocking: a FIFO opened for a look must not wait for a writer.
            O_RDONLY | O_CLOEXEC | O_NONBLOCK
        #endif
    }

    // MARK: Reading

    /// A descriptor open for reading on the regular file at `path`: never a folder, a
    /// device, a FIFO or a socket, which are refused without being opened for reading.
    /// Without `followingLinks`, a link anywhere below the grant is refused.
    public func openFile(_ path: String, followingLinks: Bool = true) throws(Failure) -> Int32 {
        try open(path, followingLinks: followingLinks, as: .file)
    }

    /// A descriptor open for reading the entries of the folder at `path`.
    public func openFolder(_ path: String) throws(Failure) -> Int32 {
        try open(path, followingLinks: true, as: .folder)
    }

    /// A descriptor of whatever is at `path`, opened only to be looked at (`fstat`,
    /// watched): `O_PATH` on Linux.
    public func openEntry(_ path: String) throws(Failure) -> Int32 {
        try open(path, followingLinks: true, as: .entry)
    }

    /// The content of the regular file at `path`, at most `limit` bytes.
    public func read(_ path: String, limit: Int, followingLinks: Bool = true) throws(Failure) -> [UInt8] {
        let descriptor = try openFile(path, followingLinks: followingLinks)
        defer { closeDescriptor(descriptor) }
        do {
            return try Files.readAll(descriptor, limit: limit)
        } catch {
            throw .failed(error.description)
        }
    }

    /// The entries of the folder at `path`, by name. An entry that is a link is reported
    /// as what it leads to when `followingLinks` and that is inside a grant; otherwise
    /// as a `link`.
    public func list(_ path: String, followingLinks: Bool = true) throws(Failure) -> [Files.Entry] {
        let descriptor = try openFolder(path)
        let folder = Paths.absolute(path, in: base)
        do {
            return try Files.list(descriptor) { name in
                guard followingLinks else { return nil }
                guard let entry = try? openEntry(Paths.join(folder, name)) else { return nil }
                defer { closeDescriptor(entry) }
                var info = stat()
                return fstat(entry, &info) == 0 ? info : nil
            }
        } catch {
            throw .failed(error.description)
        }
    }

    /// Where `path` leads, `..` and links resolved, if the grants reach it.
    public func resolve(_ path: String) throws(Failure) -> String {
        try locate(path, followingLinks: true).resolved
    }

    // MARK: Writing

    /// Makes the folder at `path` and the folders above it that are missing, inside a
    /// grant. Without `followingLinks`, a link anywhere below the grant is refused.
    public func makeFolders(_ path: String, followingLinks: Bool) throws(Failure) {
        let place = try locate(path, followingLinks: followingLinks)
        guard place.root.file == nil else { throw .failed(Self.reason(ENOTDIR)) }
        var current = dup(place.root.descriptor)
        guard current >= 0 else { throw .failed(Self.reason(errno)) }
        defer { closeDescriptor(current) }
        for name in place.relative.split(separator: "/").map(String.init) {
            var next = openat(current, name, Self.searchFlags | O_DIRECTORY | O_NOFOLLOW)
            if next < 0 && errno == ENOENT {
                guard mkdirat(current, name, 0o755) == 0 || errno == EEXIST else { throw .failed(Self.reason(errno)) }
                next = openat(current, name, Self.searchFlags | O_DIRECTORY | O_NOFOLLOW)
            }
            guard next >= 0 else { throw .failed(Self.reason(errno, name: name, in: current)) }
            closeDescriptor(current)
            current = next
        }
    }

    /// Replaces the file at `path` with `bytes`, atomically: they are written to a new
    /// file in the same folder, flushed to disk and renamed over the old one, so the file
    /// holds the old content or the new, never half. The new file has permission bits
    /// `mode`, or else the old one's (0644 for a new one). A link at `path` is replaced,
    /// never written through, and so is anything planted at the new file's name. Without
    /// `followingLinks`, a link anywhere below the grant is refused.
    public func replaceFile(
        _ path: String, with bytes: [UInt8], mode given: mode_t? = nil, followingLinks: Bool
    ) throws(Failure) {
        let (folder, name) = try openParent(of: path, followingLinks: followingLinks)
        defer { closeDescriptor(folder) }
        var old = stat()
        let exists = fstatat(folder, name, &old, AT_SYMLINK_NOFOLLOW) == 0
        if exists && old.st_mode & S_IFMT == S_IFDIR { throw .notAFile(kind: "folder") }
        let kept: mode_t? = exists && old.st_mode & S_IFMT == S_IFREG ? old.st_mode & 0o7777 : nil
        let mode = given ?? kept ?? 0o644
        // A new file of our own, under a name no other writer uses: O_EXCL, so that
        // nothing left at the name (a link, or a hard link to a file elsewhere) is written
        // through, and a random name, so that two writers never share one.
        var temporary = Self.temporaryName(for: name)
        var file = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        for _ in 0..<Self.attempts where file < 0 && errno == EEXIST {
            temporary = Self.temporaryName(for: name)
            file = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        }
        guard file >= 0 else { throw .failed(Self.reason(errno)) }
        var failure: Int32?
        // The mode asked for at creation is cut by the umask; one given or kept is set whole.
        if (given != nil || kept != nil) && fchmod(file, mode) != 0 { failure = errno }
        if failure == nil, !Files.writeAll(file, bytes) || fsync(file) != 0 { failure = errno }
        closeDescriptor(file)
        if failure == nil, renameat(folder, temporary, folder, name) != 0 { failure = errno }
        if let failure {
            unlinkat(folder, temporary, 0)
            throw .failed(Self.reason(failure))
        }
        // The rename itself reaches the disk with the folder (opened to read: a
        // descriptor only to look at cannot be flushed).
        let flushed = openat(folder, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if flushed >= 0 {
            fsync(flushed)
            closeDescriptor(flushed)
        }
    }

    /// Adds `bytes` at the end of the regular file at `path`, made (empty) when missing.
    /// A link, a folder, a device or a FIFO at `path` is refused without being opened for
    /// writing. Without `followingLinks`, a link anywhere below the grant is refused.
    public func appendFile(_ path: String, with bytes: [UInt8], followingLinks: Bool) throws(Failure) {
        let (folder, name) = try openParent(of: path, followingLinks: followingLinks)
        defer { closeDescriptor(folder) }
        for _ in 0..<Self.attempts {
            let file = try openForAppending(name, in: folder)
            guard file >= 0 else { continue }
            defer { closeDescriptor(file) }
            guard Files.writeAll(file, bytes) else { throw .failed(Self.reason(errno)) }
            return
        }
        throw .failed("changed while it was opened, again and again")
    }

    /// Removes the file, link or empty folder at `path` (a link itself, never what it
    /// leads to). Without `followingLinks`, a link anywhere above it below the grant is
    /// refused.
    public func remove(_ path: String, followingLinks: Bool) throws(Failure) {
        let (folder, name) = try openParent(of: path, followingLinks: followingLinks)
        defer { closeDescriptor(folder) }
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { throw .failed(Self.reason(errno)) }
        let isFolder = info.st_mode & S_IFMT == S_IFDIR
        guard unlinkat(folder, name, isFolder ? AT_REMOVEDIR : 0) == 0 else {
            if isFolder && (errno == ENOTEMPTY || errno == EEXIST) { throw .failed("is a folder that is not empty") }
            throw .failed(Self.reason(errno))
        }
    }

    /// Renames `source` to `target`, both reached through this gate, replacing a file
    /// at `target` (atomically, as rename(2) does). A link is moved as a link.
    public func rename(_ source: String, to target: String, followingLinks: Bool) throws(Failure) {
        let from = try openParent(of: source, followingLinks: followingLinks)
        defer { closeDescriptor(from.folder) }
        let to = try openParent(of: target, followingLinks: followingLinks)
        defer { closeDescriptor(to.folder) }
        guard renameat(from.folder, from.name, to.folder, to.name) == 0 else { throw .failed(Self.reason(errno)) }
    }

    /// The folder that holds the entry `path` names, opened below its grant, and the
    /// entry's name in it: where an entry is made, replaced or removed. A granted file
    /// is reached through the folder holding it.
    private func openParent(of path: String, followingLinks: Bool) throws(Failure) -> (folder: Int32, name: String) {
        guard !path.isEmpty, !path.utf8.contains(0) else { throw .failed("is not a path") }
        guard path.utf8.count <= PathResolver.maximumLength else { throw .failed(Self.reason(ENAMETOOLONG)) }
        let absolute = Paths.absolute(path, in: base)
        let name = Paths.name(of: absolute)
        guard !name.isEmpty, name != ".", name != ".." else { throw .failed("is not a file name") }
        guard name.utf8.count <= Self.nameLimit else { throw .failed(Self.reason(ENAMETOOLONG)) }
        if !unopened.isEmpty { openRoots() }
        // A granted file, named as granted (a `..` is left to the walk, which follows links).
        let written = Paths.normalized(absolute)
        for root in roots where !absolute.split(separator: "/").contains("..") {
            guard let file = root.file, root.given == written || root.path == written else { continue }
            let folder = dup(root.descriptor)
            guard folder >= 0 else { throw .failed(Self.reason(errno)) }
            return (folder, file)
        }
        let parent = Paths.parent(of: absolute)
        let place: (root: Root, relative: String, resolved: String)
        do throws(Failure) {
            place = try locate(parent, followingLinks: followingLinks)
        } catch .failed(let reason) {
            throw .failed(reason)
        } catch .notAFile(let kind) {
            throw .notAFile(kind: kind)
        } catch .denied {
            // Named as the script named it, with the folder that would allow it.
            var denial = denial(path, resolved: absolute)
            if case .only = scope { denial.flag = "\(permission.flag)=\(PathResolver.resolve(parent).path)" }
            throw .denied(denial)
        }
        let folder = openBeneath(place.root, place.relative, flags: Self.searchFlags | O_DIRECTORY)
        guard folder >= 0 else { throw .failed(Self.reason(-folder)) }
        return (folder, name)
    }

    /// `name` in `folder` opened for appending, made when missing; -1 when it changed
    /// while it was opened (look again).
    private func openForAppending(_ name: String, in folder: Int32) throws(Failure) -> Int32 {
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            guard errno == ENOENT else { throw .failed(Self.reason(errno)) }
            let made = openat(folder, name, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if made < 0 && errno == EEXIST { return -1 }
            guard made >= 0 else { throw .failed(Self.reason(errno)) }
            return made
        }
        let type = info.st_mode & S_IFMT
        if type == S_IFLNK { throw .failed(Self.reason(ELOOP, name: name)) }
        guard type == S_IFREG else { throw .notAFile(kind: Self.kindName(type)) }
        #if os(Linux)
            // Looked at first, then opened for writing only if it is still that file.
            let entry = openat(folder, name, Self.searchFlags | O_NOFOLLOW)
            guard entry >= 0 else {
                if errno == ENOENT || errno == ELOOP { return -1 }
                throw .failed(Self.reason(errno))
            }
            defer { closeDescriptor(entry) }
            // What was opened is looked at before it is opened for writing: a FIFO or a
            // device swapped in since the look by name is never opened for writing.
            var opened = stat()
            guard fstat(entry, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG, opened.st_dev == info.st_dev,
                opened.st_ino == info.st_ino
            else { return -1 }
            let file = reopen(entry, O_WRONLY | O_APPEND, matching: info)
        #else
            var file = openat(folder, name, O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            file = file >= 0 ? file : -errno
            var now = stat()
            if file >= 0, fstat(file, &now) != 0 || now.st_dev != info.st_dev || now.st_ino != info.st_ino {
                closeDescriptor(file)
                file = -ESTALE
            }
        #endif
        if file >= 0 { return file }
        if file == -ESTALE || file == -ENOENT || file == -ELOOP { return -1 }
        throw .failed(Self.reason(-file))
    }

    /// The longest name of a folder entry.
    static let nameLimit = 255

    /// A name for the new file that replaces `name`: hidden, marked as ours, random, and
    /// short enough for a folder entry however long `name` is.
    static func temporaryName(for name: String) -> String {
        let suffix = ".\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).theolua-new"
        var kept = Substring(name)
        while kept.utf8.count + suffix.utf8.count + 1 > nameLimit { kept = kept.dropLast() }
        return ".\(kept)\(suffix)"
    }

    // MARK: Opening

    private enum Kind {
        case file, folder, entry
    }

    /// How many times a path changed while it was opened is tolerated before giving up.
    private static let attempts = 8

    private func open(_ path: String, followingLinks: Bool, as kind: Kind) throws(Failure) -> Int32 {
        if followingLinks, let descriptor = openWithoutLinks(path), let opened = try accept(descriptor, as: kind) {
            return opened
        }
        for _ in 0..<Self.attempts {
            let place = try locate(path, followingLinks: followingLinks)
            let descriptor = openBeneath(place.root, place.relative, flags: Self.searchFlags)
            if followingLinks && Self.changedMeanwhile(descriptor) { continue }
            guard descriptor >= 0 else {
                throw .failed(followingLinks ? String(cString: strerror(-descriptor)) : Self.reason(-descriptor))
            }
            if let opened = try accept(descriptor, as: kind) { return opened }
        }
        throw .failed("changed while it was opened, again and again (a link swapped in each time)")
    }

    /// The common case in one step: a path with no `..` that is, as written, below a
    /// granted folder, and that the kernel opens below it with no link on the way
    /// (`openat2`), is that folder's entry, and no walk is needed. Anything else
    /// (a link, a `..`, a missing entry, no `openat2`) is nil: the walk decides.
    private func openWithoutLinks(_ path: String) -> Int32? {
        guard !path.isEmpty, path.utf8.count <= PathResolver.maximumLength, !path.utf8.contains(0) else { return nil }
        guard !path.split(separator: "/").contains("..") else { return nil }
        if !unopened.isEmpty { openRoots() }
        let absolute = Paths.normalized(Paths.absolute(path, in: base))
        for root in roots where root.file == nil {
            for anchor in [root.given, root.path] where Paths.isInside(absolute, anchor) {
                let relative =
                    absolute == anchor ? "." : String(absolute.dropFirst(anchor == "/" ? 1 : anchor.count + 1))
                let descriptor = theolua_openat_beneath(root.descriptor, relative, Self.searchFlags | O_CLOEXEC, 0)
                return descriptor >= 0 ? descriptor : nil
            }
        }
        return nil
    }

    /// `descriptor` (which this takes) checked for being of `kind`, and opened again
    /// for reading when it is a file or a folder; nil when it changed meanwhile.
    private func accept(_ descriptor: Int32, as kind: Kind) throws(Failure) -> Int32? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = errno
            closeDescriptor(descriptor)
            throw .failed(Self.reason(failure))
        }
        let type = info.st_mode & S_IFMT
        switch kind {
        case .entry:
            return descriptor
        case .file where type == S_IFREG, .folder where type == S_IFDIR:
            break
        case .file:
            closeDescriptor(descriptor)
            throw .notAFile(kind: Self.kindName(type))
        case .folder:
            closeDescriptor(descriptor)
            throw .failed("is not a folder")
        }
        let reopened = reopen(descriptor, kind == .folder ? O_RDONLY | O_DIRECTORY : O_RDONLY, matching: info)
        closeDescriptor(descriptor)
        if reopened >= 0 { return reopened }
        if reopened == -ESTALE { return nil }
        throw .failed(Self.reason(-reopened))
    }

    /// Whether an open failed because a link or a way out appeared below the grant
    /// since the walk (ELOOP: a link; EXDEV: `..` out of the folder): look again.
    private static func changedMeanwhile(_ result: Int32) -> Bool {
        result == -ELOOP || result == -EXDEV
    }

    /// `descriptor` (of what `info` describes) opened again with `flags`: through
    /// `/proc/self/fd` on Linux, which reaches that very file. -ESTALE when it is no
    /// longer the same file.
    private func reopen(_ descriptor: Int32, _ flags: Int32, matching info: stat) -> Int32 {
        #if os(Linux)
            // Only a regular file or a folder gets here: nothing to block on or to set.
            let reopened = openPath("/proc/self/fd/\(descriptor)", flags | O_CLOEXEC | O_NOCTTY)
        #else
            // The descriptor is already open for reading (no O_PATH here).
            let reopened = dup(descriptor)
        #endif
        guard reopened >= 0 else { return -errno }
        var now = stat()
        guard fstat(reopened, &now) == 0, now.st_dev == info.st_dev, now.st_ino == info.st_ino else {
            closeDescriptor(reopened)
            return -ESTALE
        }
        return reopened
    }

    /// Opens `relative` (no `..`, no links) below `root` with `flags` (and `mode` when
    /// creating); the descriptor, or -errno.
    private func openBeneath(_ root: Root, _ relative: String, flags: Int32, mode: mode_t = 0) -> Int32 {
        if let file = root.file {
            guard relative.isEmpty else { return -ENOTDIR }
            let descriptor = openat(root.descriptor, file, flags | O_NOFOLLOW | O_CLOEXEC, mode)
            return descriptor >= 0 ? descriptor : -errno
        }
        let result = theolua_openat_beneath(
            root.descriptor, relative.isEmpty ? "." : relative, flags | O_CLOEXEC, UInt32(mode))
        return result == -ENOSYS ? walk(root.descriptor, relative, flags: flags, mode: mode) : result
    }

    /// `openat` with `O_NOFOLLOW`, one name at a time, where there is no `openat2`.
    private func walk(_ folder: Int32, _ relative: String, flags: Int32, mode: mode_t) -> Int32 {
        let names = relative.split(separator: "/").map(String.init)
        var current = dup(folder)
        guard current >= 0 else { return -errno }
        for (index, name) in names.enumerated() {
            let last = index == names.count - 1
            let next = openat(
                current, name, (last ? flags : Self.searchFlags | O_DIRECTORY) | O_NOFOLLOW | O_CLOEXEC, mode)
            let failure = errno
            closeDescriptor(current)
            guard next >= 0 else { return -failure }
            current = next
        }
        return current
    }

    // MARK: Deciding

    /// The grant `path` falls in and the path below it: where the path leads with its
    /// links followed, or, without, as written.
    private func locate(_ path: String, followingLinks: Bool) throws(Failure)
        -> (root: Root, relative: String, resolved: String)
    {
        guard !path.isEmpty, !path.utf8.contains(0) else { throw .failed("is not a path") }
        guard path.utf8.count <= PathResolver.maximumLength else { throw .failed(Self.reason(ENAMETOOLONG)) }
        let absolute = Paths.absolute(path, in: base)
        if case .none = scope { throw .denied(denial(path, resolved: absolute)) }
        if !unopened.isEmpty { openRoots() }
        let resolution =
            followingLinks
            ? PathResolver.resolve(absolute) : PathResolver.Resolution(path: Paths.normalized(absolute), failure: nil)
        for root in roots {
            let anchor = followingLinks ? root.path : root.given
            guard Paths.isInside(resolution.path, anchor) else { continue }
            if let failure = resolution.failure { throw .failed(String(cString: strerror(failure))) }
            let relative =
                resolution.path == anchor ? "" : String(resolution.path.dropFirst(anchor == "/" ? 1 : anchor.count + 1))
            return (root, relative, resolution.path)
        }
        for given in unopened where Paths.isInside(Paths.normalized(absolute), Paths.normalized(given)) {
            throw .failed("\(Paths.abbreviated(given)), which is granted, does not exist")
        }
        throw .denied(denial(path, resolved: resolution.path))
    }

    /// The refusal of `path` (which leads to `resolved`), naming the flag that grants
    /// everything and the narrow one that grants the folder it is in, as `ui.spawn`'s
    /// names the command.
    private func denial(_ path: String, resolved: String) -> PermissionDenied {
        PermissionDenied(
            permission: permission, subject: path, flag: "\(permission.flag)=\(Paths.parent(of: Paths.normalized(resolved)))")
    }

    /// Opens the granted folders that exist now (a folder granted before it exists is
    /// opened once it does).
    private func openRoots() {
        let top = openPath("/", Self.searchFlags | O_DIRECTORY)
        guard top >= 0 else { return }
        defer { closeDescriptor(top) }
        let system = Root(given: "/", path: "/", descriptor: top)
        var missing: [String] = []
        for given in unopened {
            let resolution = PathResolver.resolve(given)
            let physical = resolution.path
            let entry =
                resolution.failure == nil
                ? openBeneath(system, String(physical.dropFirst()), flags: Self.searchFlags) : -1
            var info = stat()
            guard entry >= 0, fstat(entry, &info) == 0 else {
                if entry >= 0 { closeDescriptor(entry) }
                missing.append(given)
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                roots.append(Root(given: Paths.normalized(given), path: physical, descriptor: entry))
                continue
            }
            closeDescriptor(entry)
            // A granted file: kept as its folder and its name.
            let folder = openBeneath(
                system, String(Paths.parent(of: physical).dropFirst()), flags: Self.searchFlags | O_DIRECTORY)
            guard folder >= 0 else {
                missing.append(given)
                continue
            }
            roots.append(
                Root(given: Paths.normalized(given), path: physical, descriptor: folder, file: Paths.name(of: physical))
            )
        }
        unopened = missing
    }

    /// What a file of type `type` (`st_mode & S_IFMT`) that is not a regular file is.
    static func kindName(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "folder"
        case S_IFIFO: "FIFO"
        case S_IFSOCK: "socket"
        case S_IFCHR, S_IFBLK: "device"
        default: "special file"
        }
    }

    /// The system's words for `code` where links are not followed: a link met says so.
    static func reason(_ code: Int32, name: String? = nil, in folder: Int32? = nil) -> String {
        var isLink = code == ELOOP
        if !isLink, code == ENOTDIR, let name, let folder {
            // O_NOFOLLOW with O_DIRECTORY on a link fails as not a folder.
            var info = stat()
            isLink = fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
        }
        if isLink, let name { return "\(name) is a symbolic link (links are not followed here)" }
        if isLink { return "is or passes a symbolic link (links are not followed here)" }
        return String(cString: strerror(code))
    }
}

/// open(2), named apart from ``FileGate``'s own `open`.
@inline(__always)
private func openPath(_ path: String, _ flags: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.open(path, flags)
    #else
        Darwin.open(path, flags)
    #endif
}
