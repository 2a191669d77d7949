-- attack: none: a link to a file inside the grant is listed as that file
-- run: render --allow-read=$DIR/data
-- setup: mkdir data && printf 12345 > data/real.txt && ln -s real.txt data/link
-- status: 0
-- stdout: ^link file 5 real\.txt file 5
local ui = require("theolua")
local out = {}
for _, e in ipairs(ui.listDir("data")) do out[#out+1] = e.name .. " " .. e.kind .. " " .. e.size end
return ui.text(table.concat(out, " "))
