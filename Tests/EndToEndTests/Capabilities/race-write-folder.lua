-- attack: a folder swapped for a link out and back while the script writes into it
-- run: render --allow-write=$DIR/data --allow-run=sh --wait 0 --max-instructions 2000000000
-- setup: mkdir -p data/sub
-- status: 0
-- stdout: ^wrote [1-9]
-- outside-absent: created.txt
local ui = require("theolua")
local outside = require("where")
ui.spawn("sh", { "-c", "cd data; while :; do mv sub sub.real; ln -s '" .. outside .. "' sub; rm sub; mv sub.real sub; done" })
local wrote = 0
for i = 1, 3000 do
  if pcall(ui.writeFile, "data/sub/created.txt", "PWNED") then wrote = wrote + 1 end
  pcall(ui.appendFile, "data/sub/created.txt", "PWNED")
  pcall(ui.makeDir, "data/sub/made")
end
return ui.text("wrote " .. wrote)
