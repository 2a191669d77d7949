-- attack: reaching io, os.execute, debug, package.loadlib, dofile and loadfile: named, each raises when called
-- run: render --size 80x2
-- status: 0
-- stdout: ^table function table table false false false false false false
local ui = require("theolua")
local function refused(f, ...) return (pcall(f, ...)) end
return ui.text(table.concat({
  type(io), type(os.execute), type(debug), type(package),
  tostring(refused(io.open, "/etc/passwd")), tostring(refused(os.execute, "id")),
  tostring(refused(debug.getregistry)), tostring(refused(debug.sethook)),
  tostring(refused(dofile, "/etc/passwd")), tostring(refused(loadfile, "/etc/passwd")),
}, " "))
