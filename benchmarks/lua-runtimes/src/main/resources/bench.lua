-- Same script for LuaJ (Lua 5.2 semantics) and LuaJIT (Lua 5.1 semantics).
-- Java-implemented globals installed before load: rand_uniform(a,b) -> int, db_query(sql) -> #sql
local fmt = string.format
local rand_j = rand_uniform
local query_j = db_query

-- pure-Lua stand-ins (Park-Miller LCG; products stay < 2^53, exact in doubles)
local seed = 12345
local function rand_lua(a, b)
  seed = (seed * 16807) % 2147483647
  return a + seed % (b - a + 1)
end
local function query_lua(s) return #s end

-- pre-generated "random" numbers so workload 2 has no callback and almost no arithmetic
local pre_t, pre_id, NPRE, pos = {}, {}, 1024, 0
for i = 1, NPRE do pre_t[i] = rand_lua(1, 8); pre_id[i] = rand_lua(1, 100000) end

-- 18 statements, each with 2 rand + 1 query: workloads 1 and 2b differ only in whose rand and query they call
local function statements(rand, query)
  local stmts = {}
  local total = 0
  for i = 1, 18 do
    local sql = fmt("SELECT c FROM sbtest%d WHERE id=%d", rand(1, 8), rand(1, 100000))
    stmts[i] = sql
    total = total + query(sql)
  end
  return total + #stmts
end

-- workload 1: Lua->Java callbacks dominate
function event_java()
  return statements(rand_j, query_j)
end

-- workload 2: the same loop written out, so that its numbers come from a Lua array without a call; query = #sql
function event_pure()
  local stmts = {}
  local total = 0
  for i = 1, 18 do
    pos = pos % NPRE + 1
    local sql = fmt("SELECT c FROM sbtest%d WHERE id=%d", pre_t[pos], pre_id[pos])
    stmts[i] = sql
    total = total + query_lua(sql)
  end
  return total + #stmts
end

-- workload 2b: no Java callbacks, random numbers computed in Lua (LCG, float arithmetic)
function event_lualcg()
  return statements(rand_lua, query_lua)
end
