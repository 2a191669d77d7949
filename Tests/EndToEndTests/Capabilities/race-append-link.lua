-- attack: a file swapped for a link to an outside file and back while the script appends to it
-- run: render --allow-write=$DIR/data --allow-run=sh --wait 0 --max-instructions 2000000000
-- setup: mkdir data && echo inside > data/f
-- status: 0
-- stdout: ^appended [1-9]
-- outside-unchanged: victim.txt
local ui = require("theolua")
local outside = require("where")
ui.spawn("sh", { "-c", "cd data; while :; do ln -sf '" .. outside .. "/victim.txt' f.new; mv f.new f; echo inside > f.new; mv f.new f; done" })
local appended = 0
for _ = 1, 5000 do
  if pcall(ui.appendFile, "data/f", "PWNED") then appended = appended + 1 end
end
return ui.text("appended " .. appended)
