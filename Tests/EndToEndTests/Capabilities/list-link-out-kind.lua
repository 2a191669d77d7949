-- attack: listDir reporting the size of a file outside through a link
-- run: render --allow-read=$DIR/data
-- setup: mkdir data && ln -s "$OUTSIDE/secret.txt" data/link && echo abc > data/real.txt
-- status: 0
-- stdout: ^link link 0 real\.txt file 4
local ui = require("theolua")
local out = {}
for _, e in ipairs(ui.listDir("data")) do out[#out+1] = e.name .. " " .. e.kind .. " " .. e.size end
return ui.text(table.concat(out, " "))
