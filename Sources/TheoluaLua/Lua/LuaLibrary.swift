import CLuaSupport

/// The Lua library the runtime is linked with, and what the sandbox does about the flaws
/// of some builds of it (docs/lua-versions.md).
public enum LuaLibrary {
    /// The release the runtime was compiled against, as 50404 for 5.4.4.
    public static var releaseNumber: Int { Int(theolua_lua_release_number()) }

    /// Whether scripts' `__concat` metamethods are refused with an error: on a library
    /// that corrupts its stack after them (Lua 5.4.4 with Debian 12's patches), found by
    /// a probe run once per process.
    public static var refusesConcatMetamethods: Bool { theolua_library_has_concat_flaw() != 0 }
}
