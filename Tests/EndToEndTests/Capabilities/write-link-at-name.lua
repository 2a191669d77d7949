-- attack: writeFile on a link to an outside file, to overwrite it through the link
-- run: render --allow-write=$DIR/data
-- setup: mkdir data && ln -s "$OUTSIDE/victim.txt" data/link
-- status: 0
-- stdout: ^replaced
-- outside-unchanged: victim.txt
local ui = require("theolua")
ui.writeFile("data/link", "PWNED")
return ui.text("replaced")
