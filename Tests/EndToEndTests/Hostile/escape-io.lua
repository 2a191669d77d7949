-- attack: reaching io, os.execute and debug
-- status: 0
-- stdout: ^nilnil
local ui = require("theolua")
print(io, os.execute, debug, package, dofile, loadfile)
return ui.text(tostring(io) .. tostring(os.execute))
