-- attack: writeFile through a folder link that leads out of the grant
-- run: render --allow-write=$DIR/data
-- setup: mkdir data && ln -s "$OUTSIDE" data/out
-- status: 0
-- stdout: ^denied
-- outside-absent: created.txt
local ui = require("theolua")
local ok, err = pcall(ui.writeFile, "data/out/created.txt", "PWNED")
return ui.text((not ok and err:find("not allowed", 1, true)) and "denied" or tostring(err))
