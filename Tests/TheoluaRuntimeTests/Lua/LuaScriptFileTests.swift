import Foundation
import Testing
import TheoluaCore
import TheoluaLua
import TheoluaRuntime

/// Scripts and modules are read as bytes from regular files inside the app's folder.
@Suite struct LuaScriptFileTests {
    /// `local s = "<bytes>lo"` followed by a line showing `#s`, as the bytes of a file.
    static func lengthScript(_ bytes: [UInt8], module: Bool = false) -> [UInt8] {
        let head = Array("local ui = require(\"theolua\")\nlocal s = \"".utf8)
        let tail = Array(module ? "lo\"\nreturn #s\n".utf8 : "lo\"\nreturn ui.text(tostring(#s))\n".utf8)
        return head + bytes + tail
    }

    @Test func aScriptsStringLiteralsHoldTheBytesOfTheFile() throws {
        let folder = try TempFolder()
        let app = try folder.write("app.lua", bytes: Self.lengthScript([0xE1]))
        let runtime = try Runtime(width: 10, height: 1)
        try runtime.load(file: app)
        try runtime.mount()
        #expect(runtime.lines == ["3"])
    }

    @Test func aModulesStringLiteralsHoldTheBytesOfTheFile() throws {
        let folder = try TempFolder()
        try folder.write("mod.lua", bytes: Self.lengthScript([0xFF, 0xFE, 0x80], module: true))
        let app = try folder.write("app.lua", "return require('theolua').text(tostring(require('mod')))")
        let runtime = try Runtime(width: 10, height: 1)
        try runtime.load(file: app)
        try runtime.mount()
        #expect(runtime.lines == ["5"])
    }

    @Test func modulesAreNamedByPartsInsideTheAppFolder() throws {
        let folder = try TempFolder()
        try folder.write("lib/mod.lua", "return 'inside'")
        for name in ["/etc/passwd", "../outside", "lib..mod", "lib/./mod", ".hidden", "lib.", "lib\\\\mod"] {
            let app = try folder.write("app.lua", "return require('theolua').text(require('\(name)'))")
            let runtime = try Runtime(width: 20, height: 1)
            #expect {
                try runtime.load(file: app)
            } throws: { error in
                "\(error)".contains("module name '\(name.replacingOccurrences(of: "\\\\", with: "\\"))' is not allowed")
            }
        }
        for name in ["lib.mod", "lib/mod"] {
            let app = try folder.write("app.lua", "return require('theolua').text(require('\(name)'))")
            let runtime = try Runtime(width: 20, height: 1)
            try runtime.load(file: app)
            try runtime.mount()
            #expect(runtime.lines == ["inside"])
        }
    }

    @Test func aModuleLinkedFromOutsideTheAppFolderIsRefused() throws {
        let outside = try TempFolder()
        try outside.write("secret.lua", "return 'secret'")
        let folder = try TempFolder()
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/secret.lua", withDestinationPath: outside.path + "/secret.lua")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/lib", withDestinationPath: outside.path)
        for name in ["secret", "lib.secret"] {
            let app = try folder.write("app.lua", "return require('theolua').text(require('\(name)'))")
            let runtime = try Runtime(width: 20, height: 1)
            #expect {
                try runtime.load(file: app)
            } throws: { error in
                "\(error)".contains("leads outside the app's folder through a symbolic link")
            }
        }
        // A link that stays inside the folder is fine.
        try folder.write("real/inner.lua", "return 'inner'")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/alias.lua", withDestinationPath: folder.path + "/real/inner.lua")
        let app = try folder.write("app.lua", "return require('theolua').text(require('alias'))")
        let runtime = try Runtime(width: 20, height: 1)
        try runtime.load(file: app)
        try runtime.mount()
        #expect(runtime.lines == ["inner"])
    }

    @Test func devicesFifosFoldersAndHugeFilesAreNotRead() throws {
        let folder = try TempFolder()
        let fifo = folder.path + "/fifo.lua"
        #expect(mkfifo(fifo, 0o644) == 0)
        try FileManager.default.createDirectory(atPath: folder.path + "/dir.lua", withIntermediateDirectories: true)
        let huge = folder.path + "/huge.lua"
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, off_t(ScriptFile.maximumBytes + 1)) == 0)
        #expect(throws: ScriptFile.Failure.notAFile("/dev/zero", kind: "device")) { try ScriptFile.read("/dev/zero") }
        #expect(throws: ScriptFile.Failure.notAFile(fifo, kind: "FIFO")) { try ScriptFile.read(fifo) }
        #expect(throws: ScriptFile.Failure.notAFile(folder.path + "/dir.lua", kind: "folder")) {
            try ScriptFile.read(folder.path + "/dir.lua")
        }
        #expect(throws: ScriptFile.Failure.tooLarge(huge, bytes: ScriptFile.maximumBytes + 1)) {
            try ScriptFile.read(huge)
        }
        let app = try folder.write("app.lua", "return require('theolua').text(require('fifo'))")
        let runtime = try Runtime(width: 20, height: 1)
        #expect {
            try runtime.load(file: app)
        } throws: { error in
            "\(error)".contains("require: cannot read \(fifo): it is a FIFO, not a file")
        }
    }
}
