-- attack: remove an outside file through a folder link, remove the granted folder itself, and remove a link to outside (only the link may go)
-- run: render --allow-write=$DIR/data
-- setup: mkdir data && ln -s "$OUTSIDE" data/out && ln -s "$OUTSIDE/victim.txt" data/link
-- status: 0
-- stdout: ^through denied root denied link removed
-- outside-unchanged: victim.txt
local ui = require("theolua")
local through = pcall(ui.remove, "data/out/victim.txt")
local root = pcall(ui.remove, "data")
local link = pcall(ui.remove, "data/link")
return ui.text(("through %s root %s link %s"):format(
  through and "removed" or "denied", root and "removed" or "denied", link and "removed" or "kept"))
