import Testing

/// `theolua new NAME`: a folder with an app, its test, LuaLS settings and a README, in
/// which `theolua test` passes at once.
@Suite struct NewCommandTests {
    @Test func aNewAppsTestsPassAtOnceAndItsSettingsPointAtTheTypes() {
        let scratch = Files.temporaryFolder()
        defer { Files.removeTree(scratch) }
        let folder = scratch + "/apps/counter"
        let made = runTheolua(["new", folder])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("made \(folder)/"))
        for file in ["app.lua", "app_test.lua", ".luarc.json", "README.md"] {
            #expect(Files.read(folder + "/" + file) != nil, "\(file)")
        }
        #expect(Files.read(folder + "/app.lua")?.contains("title = \"counter\"") == true)
        // A development build finds the types in the checkout's docs.
        #expect(Files.read(folder + "/.luarc.json")?.contains("\"workspace.library\": [\"\(Paths.package)/docs\"]") == true)
        let tested = runTheolua(["test", folder])
        #expect(tested.status == 0, "\(tested.stdout)\(tested.stderr)")
        #expect(tested.stdout.hasSuffix("2 passed, 0 failed\n"), "\(tested.stdout)")
        let snapshots = folder + "/__snapshots__/app_test"
        let stored = Files.names(in: snapshots).compactMap { Files.read(snapshots + "/" + $0) }
        #expect(stored.count == 1 && stored[0].contains("Count: 2"), "\(stored)")
        let again = runTheolua(["test", folder])
        #expect(again.status == 0, "the snapshot matches: \(again.stdout)")
        let rendered = runTheolua(["render", folder + "/app.lua", "--size", "30x6", "--keys", "+ + +"])
        #expect(rendered.stdout.contains("Count: 3"))
    }

    @Test func aFolderThatHoldsFilesIsRefused() {
        let scratch = Files.temporaryFolder()
        defer { Files.removeTree(scratch) }
        #expect(Files.write("keep me", to: scratch + "/notes.txt"))
        let refused = runTheolua(["new", scratch])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("already exists and is not empty"))
        #expect(Files.read(scratch + "/notes.txt") == "keep me")
        #expect(Files.read(scratch + "/app.lua") == nil)
    }
}
