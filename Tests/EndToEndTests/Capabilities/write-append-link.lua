-- attack: appendFile on a link to an outside file, to add to it through the link
-- run: render --allow-write=$DIR/data
-- setup: mkdir data && ln -s "$OUTSIDE/victim.txt" data/link
-- status: 0
-- stdout: ^refused: .*symbolic link
-- outside-unchanged: victim.txt
local ui = require("theolua")
local ok, err = pcall(ui.appendFile, "data/link", "PWNED")
return ui.text { ok and "appended" or ("refused: " .. err), wrap = "none" }
