-- attack: a file swapped for a link to a secret and back, while the script reads it
-- run: render --allow-read=$DIR/data --allow-run=sh --wait 0 --max-instructions 2000000000
-- setup: mkdir data && echo inside > data/f
-- status: 0
-- stdout: ^leaked 0 read [1-9]
local ui = require("theolua")
local outside = require("where")
ui.spawn("sh", { "-c", "cd data; while :; do ln -sf '" .. outside .. "/secret.txt' f.new; mv f.new f; echo inside > f.new; mv f.new f; done" })
local counts = { leaked = 0, read = 0, denied = 0, other = 0 }
for _ = 1, 20000 do
  local ok, v = pcall(ui.readFile, "data/f")
  if ok then
    if tostring(v):find("TOP" .. "SECRET") or tostring(v):find("TOPSECRET") then counts.leaked = counts.leaked + 1 else counts.read = counts.read + 1 end
  elseif tostring(v):find("not allowed") then counts.denied = counts.denied + 1
  else counts.other = counts.other + 1 end
end
return ui.text(("leaked %d read %d"):format(counts.leaked, counts.read))
