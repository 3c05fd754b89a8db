#!/usr/bin/env sysbench
-- A TPC-C-like workload for sysbench 1.0 and bench, written for benchkit from the TPC-C specification (revision 5.11):
-- its nine tables, its initial population and its five transactions in the standard mix (New-Order 45%, Payment 43%,
-- Order-Status, Delivery and Stock-Level 4% each). Not a TPC-C result: no keying and think times, no terminals, the
-- transactions run back to back on each client thread, and the number of items and customers can be made smaller.
--
--   sysbench ./tpcc_like.lua --warehouses=2 --threads=8 prepare|run|cleanup
--   java -jar bench.jar --workload ./tpcc_like.lua --workload-option warehouses=2 --threads 8
--
-- Under bench each transaction type has its own throughput and latency (tps.new_order, latency.payment.p95, ...).
-- A deadlock or lock wait timeout restarts the transaction, as TPC-C asks; each restart is counted as an ignored error.

sysbench.cmdline.options = {
   warehouses = {"Number of warehouses (TPC-C's scale)", 1},
   items = {"Number of items (TPC-C: 100000)", 100000},
   customers = {"Customers per district, and orders per district at load (TPC-C: 3000)", 3000},
   mysql_storage_engine = {"Storage engine", "innodb"},
}

sysbench.cmdline.commands = {
   prepare = {function() load_data() end, sysbench.cmdline.PARALLEL_COMMAND},
}

local KINDS = {"new_order", "payment", "order_status", "delivery", "stock_level"}
if bench then
   bench.event_kinds(KINDS)
end

local DISTRICTS = 10
local con

local function connect()
   con = sysbench.sql.driver():connect()
end

-- TPC-C 4.3.2.3: a customer's last name from three syllables picked by the digits of a number 0..999
local SYLLABLES = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"}
local function last_name(n)
   return SYLLABLES[math.floor(n / 100) + 1] .. SYLLABLES[math.floor(n / 10) % 10 + 1] .. SYLLABLES[n % 10 + 1]
end

-- TPC-C 2.1.6: NURand(A, x, y), the non-uniform choice of customers and items; C is fixed per run
local C_LAST, C_ID, C_ITEM = 123, 259, 7911
local function nurand(a, c, x, y)
   return (bit.bor(sysbench.rand.uniform(0, a), sysbench.rand.uniform(x, y)) + c) % (y - x + 1) + x
end

local function letters(min, max)
   return sysbench.rand.string(string.rep("@", sysbench.rand.uniform(min, max)))
end

local function digits(n)
   return sysbench.rand.string(string.rep("#", n))
end

-- 10% of item and stock data hold "ORIGINAL" (TPC-C 4.3.3.1)
local function data_with_original(min, max)
   local s = letters(min, max)
   if sysbench.rand.uniform(1, 10) == 1 then
      local at = sysbench.rand.uniform(1, #s - 8)
      s = s:sub(1, at) .. "ORIGINAL" .. s:sub(at + 9)
   end
   return s
end

local function address()
   return string.format("'%s','%s','%s','%s','%s11111'", letters(10, 20), letters(10, 20), letters(10, 20),
      letters(2, 2), digits(4))
end

local function customer_last_name(c_id)
   if c_id <= 1000 then
      return last_name((c_id - 1) % 1000)
   end
   return last_name(nurand(255, C_LAST, 0, 999))
end

local function create_tables()
   local engine = sysbench.opt.mysql_storage_engine
   local tables = {
      [[CREATE TABLE IF NOT EXISTS warehouse (w_id SMALLINT NOT NULL PRIMARY KEY, w_name VARCHAR(10),
        w_street_1 VARCHAR(20), w_street_2 VARCHAR(20), w_city VARCHAR(20), w_state CHAR(2), w_zip CHAR(9),
        w_tax DECIMAL(4,4), w_ytd DECIMAL(12,2))]],
      [[CREATE TABLE IF NOT EXISTS district (d_id TINYINT NOT NULL, d_w_id SMALLINT NOT NULL, d_name VARCHAR(10),
        d_street_1 VARCHAR(20), d_street_2 VARCHAR(20), d_city VARCHAR(20), d_state CHAR(2), d_zip CHAR(9),
        d_tax DECIMAL(4,4), d_ytd DECIMAL(12,2), d_next_o_id INT, PRIMARY KEY (d_w_id, d_id))]],
      [[CREATE TABLE IF NOT EXISTS customer (c_id INT NOT NULL, c_d_id TINYINT NOT NULL, c_w_id SMALLINT NOT NULL,
        c_first VARCHAR(16), c_middle CHAR(2), c_last VARCHAR(16), c_street_1 VARCHAR(20), c_street_2 VARCHAR(20),
        c_city VARCHAR(20), c_state CHAR(2), c_zip CHAR(9), c_phone CHAR(16), c_since DATETIME, c_credit CHAR(2),
        c_credit_lim DECIMAL(12,2), c_discount DECIMAL(4,4), c_balance DECIMAL(12,2), c_ytd_payment DECIMAL(12,2),
        c_payment_cnt SMALLINT, c_delivery_cnt SMALLINT, c_data VARCHAR(500),
        PRIMARY KEY (c_w_id, c_d_id, c_id), KEY by_name (c_w_id, c_d_id, c_last, c_first))]],
      [[CREATE TABLE IF NOT EXISTS history (h_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, h_c_id INT,
        h_c_d_id TINYINT, h_c_w_id SMALLINT, h_d_id TINYINT, h_w_id SMALLINT, h_date DATETIME, h_amount DECIMAL(6,2),
        h_data VARCHAR(24))]],
      [[CREATE TABLE IF NOT EXISTS orders (o_id INT NOT NULL, o_d_id TINYINT NOT NULL, o_w_id SMALLINT NOT NULL,
        o_c_id INT, o_entry_d DATETIME, o_carrier_id TINYINT, o_ol_cnt TINYINT, o_all_local TINYINT,
        PRIMARY KEY (o_w_id, o_d_id, o_id), KEY by_customer (o_w_id, o_d_id, o_c_id, o_id))]],
      [[CREATE TABLE IF NOT EXISTS new_orders (no_o_id INT NOT NULL, no_d_id TINYINT NOT NULL,
        no_w_id SMALLINT NOT NULL, PRIMARY KEY (no_w_id, no_d_id, no_o_id))]],
      [[CREATE TABLE IF NOT EXISTS order_line (ol_o_id INT NOT NULL, ol_d_id TINYINT NOT NULL,
        ol_w_id SMALLINT NOT NULL, ol_number TINYINT NOT NULL, ol_i_id INT, ol_supply_w_id SMALLINT,
        ol_delivery_d DATETIME, ol_quantity TINYINT, ol_amount DECIMAL(6,2), ol_dist_info CHAR(24),
        PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number))]],
      [[CREATE TABLE IF NOT EXISTS item (i_id INT NOT NULL PRIMARY KEY, i_im_id INT, i_name VARCHAR(24),
        i_price DECIMAL(5,2), i_data VARCHAR(50))]],
      [[CREATE TABLE IF NOT EXISTS stock (s_i_id INT NOT NULL, s_w_id SMALLINT NOT NULL, s_quantity SMALLINT,
        s_dist_01 CHAR(24), s_dist_02 CHAR(24), s_dist_03 CHAR(24), s_dist_04 CHAR(24), s_dist_05 CHAR(24),
        s_dist_06 CHAR(24), s_dist_07 CHAR(24), s_dist_08 CHAR(24), s_dist_09 CHAR(24), s_dist_10 CHAR(24),
        s_ytd INT, s_order_cnt SMALLINT, s_remote_cnt SMALLINT, s_data VARCHAR(50), PRIMARY KEY (s_w_id, s_i_id))]],
   }
   for _, sql in ipairs(tables) do
      con:query(sql .. " ENGINE = " .. engine)
   end
end

local function bulk(head, rows)
   con:bulk_insert_init(head)
   for _, row in ipairs(rows) do
      con:bulk_insert_next(row)
   end
   con:bulk_insert_done()
end

-- Rows go in batches so that a scale of hundreds of thousands never sits in memory at once.
local function batched(head, first, last, row)
   local rows = {}
   for i = first, last do
      rows[#rows + 1] = row(i)
      if #rows == 1000 then
         bulk(head, rows)
         rows = {}
      end
   end
   if #rows > 0 then
      bulk(head, rows)
   end
end

local CHUNK = 10000  -- items and stock rows load in chunks of this many, so that threads share them out

local function load_items(first, last)
   batched("INSERT INTO item VALUES", first, last, function(i)
      return string.format("(%d,%d,'%s',%d.%02d,'%s')", i, sysbench.rand.uniform(1, 10000), letters(14, 24),
         sysbench.rand.uniform(1, 99), sysbench.rand.uniform(0, 99), data_with_original(26, 50))
   end)
end

local function load_stock(w, first, last)
   batched("INSERT INTO stock VALUES", first, last, function(i)
      local dist = {}
      for d = 1, DISTRICTS do
         dist[d] = "'" .. letters(24, 24) .. "'"
      end
      return string.format("(%d,%d,%d,%s,0,0,0,'%s')", i, w, sysbench.rand.uniform(10, 100), table.concat(dist, ","),
         data_with_original(26, 50))
   end)
end

local function load_warehouse(w)
   con:query(string.format("INSERT INTO warehouse VALUES (%d,'%s',%s,0.%04d,300000.00)", w, letters(6, 10),
      address(), sysbench.rand.uniform(0, 2000)))
end

-- One district: its row, its customers and their history, its orders with their lines, and the newest 30% of
-- those orders as not delivered yet (TPC-C 4.3.3.1).
local function load_district(w, d)
   local customers = sysbench.opt.customers
   local new_from = customers - math.floor(customers * 0.3) + 1
   con:query(string.format("INSERT INTO district VALUES (%d,%d,'%s',%s,0.%04d,30000.00,%d)", d, w, letters(6, 10),
      address(), sysbench.rand.uniform(0, 2000), customers + 1))
   batched("INSERT INTO customer VALUES", 1, customers, function(c)
      return string.format("(%d,%d,%d,'%s','OE','%s',%s,'%s',NOW(),'%s',50000.00,0.%04d,-10.00,10.00,1,0,'%s')",
         c, d, w, letters(8, 16), customer_last_name(c), address(), digits(16),
         sysbench.rand.uniform(1, 10) == 1 and "BC" or "GC", sysbench.rand.uniform(0, 5000), letters(300, 500))
   end)
   batched("INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data) VALUES",
      1, customers, function(c)
         return string.format("(%d,%d,%d,%d,%d,NOW(),10.00,'%s')", c, d, w, d, w, letters(12, 24))
      end)
   -- orders go to customers in a random permutation
   local perm = {}
   for i = 1, customers do
      perm[i] = i
   end
   for i = customers, 2, -1 do
      local j = sysbench.rand.uniform(1, i)
      perm[i], perm[j] = perm[j], perm[i]
   end
   local lines = {}
   batched("INSERT INTO orders VALUES", 1, customers, function(o)
      lines[o] = sysbench.rand.uniform(5, 15)
      return string.format("(%d,%d,%d,%d,NOW(),%s,%d,1)", o, d, w, perm[o],
         o < new_from and tostring(sysbench.rand.uniform(1, 10)) or "NULL", lines[o])
   end)
   local rows = {}
   for o = 1, customers do
      local delivered = o < new_from
      for n = 1, lines[o] do
         rows[#rows + 1] = string.format("(%d,%d,%d,%d,%d,%d,%s,5,%s,'%s')", o, d, w, n,
            sysbench.rand.uniform(1, sysbench.opt.items), w, delivered and "NOW()" or "NULL",
            delivered and "0.00" or string.format("%d.%02d", sysbench.rand.uniform(0, 9999), sysbench.rand.uniform(0, 99)),
            letters(24, 24))
      end
      if #rows >= 1000 then
         bulk("INSERT INTO order_line VALUES", rows)
         rows = {}
      end
   end
   if #rows > 0 then
      bulk("INSERT INTO order_line VALUES", rows)
   end
   batched("INSERT INTO new_orders VALUES", new_from, customers, function(o)
      return string.format("(%d,%d,%d)", o, d, w)
   end)
end

-- prepare, on --threads threads at once: each makes the tables if they are not there yet, then the load is cut into
-- units (chunks of items, each warehouse's row, chunks of its stock, each of its districts) that the threads share
-- out in turn, so that even one warehouse loads on every thread
function load_data()
   connect()
   create_tables()
   local units = {}
   local items = sysbench.opt.items
   for first = 1, items, CHUNK do
      units[#units + 1] = function() load_items(first, math.min(items, first + CHUNK - 1)) end
   end
   for w = 1, sysbench.opt.warehouses do
      units[#units + 1] = function()
         print(string.format("Loading warehouse %d...", w))
         load_warehouse(w)
      end
      for first = 1, items, CHUNK do
         units[#units + 1] = function() load_stock(w, first, math.min(items, first + CHUNK - 1)) end
      end
      for d = 1, DISTRICTS do
         units[#units + 1] = function() load_district(w, d) end
      end
   end
   if sysbench.tid == 0 then
      print(string.format("Loading %d items and %d warehouses on %d threads...", items, sysbench.opt.warehouses,
         sysbench.opt.threads))
   end
   for i = sysbench.tid + 1, #units, sysbench.opt.threads do
      units[i]()
   end
end

function cleanup()
   connect()
   for _, t in ipairs({"history", "new_orders", "order_line", "orders", "customer", "district", "stock", "item",
                       "warehouse"}) do
      print(string.format("Dropping table '%s'...", t))
      con:query("DROP TABLE IF EXISTS " .. t)
   end
end

function thread_init()
   connect()
end

function thread_done()
   con:disconnect()
end

-- A deadlock (1213) or a lock wait timeout (1205) restarts the transaction: roll back what remains of it first.
sysbench.hooks.sql_error_ignorable = function(err)
   return err.sql_errno == 1213 or err.sql_errno == 1205
end

sysbench.hooks.before_restart_event = function(err)
   con:query("ROLLBACK")
end

local function warehouse()
   return sysbench.rand.uniform(1, sysbench.opt.warehouses)
end

local function customer_id()
   return nurand(1023, C_ID, 1, sysbench.opt.customers)
end

-- A customer by last name (60%) or by number (40%), as Payment and Order-Status choose one (TPC-C 2.5.1.2, 2.6.1.2);
-- by name, the one in the middle of those of that name sorted by first name. Returns its c_id.
local function find_customer(w, d, lock)
   if sysbench.rand.uniform(1, 100) > 60 then
      return customer_id()
   end
   local name = last_name(nurand(255, C_LAST, 0, math.min(999, sysbench.opt.customers - 1)))
   local rs = con:query(string.format("SELECT c_id FROM customer WHERE c_w_id = %d AND c_d_id = %d AND c_last = '%s' "
      .. "ORDER BY c_first%s", w, d, name, lock and " FOR UPDATE" or ""))
   if rs.nrows == 0 then
      return customer_id()
   end
   local middle = math.floor((rs.nrows + 1) / 2)
   local id
   for i = 1, middle do
      id = rs:fetch_row()[1]
   end
   return tonumber(id)
end

local function new_order()
   local w, d, c = warehouse(), sysbench.rand.uniform(1, DISTRICTS), customer_id()
   local count = sysbench.rand.uniform(5, 15)
   local rollback = sysbench.rand.uniform(1, 100) == 1  -- 1% name an item that does not exist (TPC-C 2.4.1.4)
   local items = {}
   for i = 1, count do
      local supply = w
      if sysbench.opt.warehouses > 1 and sysbench.rand.uniform(1, 100) == 1 then
         repeat
            supply = warehouse()
         until supply ~= w
      end
      items[i] = {id = nurand(8191, C_ITEM, 1, sysbench.opt.items), supply = supply,
                  quantity = sysbench.rand.uniform(1, 10)}
   end
   if rollback then
      items[count].id = sysbench.opt.items + 1
   end
   con:query("BEGIN")
   con:query_row(string.format("SELECT c_discount, c_last, c_credit FROM customer "
      .. "WHERE c_w_id = %d AND c_d_id = %d AND c_id = %d", w, d, c))
   con:query_row(string.format("SELECT w_tax FROM warehouse WHERE w_id = %d", w))
   local next_id = con:query_row(string.format("SELECT d_next_o_id, d_tax FROM district "
      .. "WHERE d_w_id = %d AND d_id = %d FOR UPDATE", w, d))
   con:query(string.format("UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = %d AND d_id = %d", w, d))
   local all_local = 1
   for _, item in ipairs(items) do
      if item.supply ~= w then
         all_local = 0
      end
   end
   con:query(string.format("INSERT INTO orders VALUES (%d,%d,%d,%d,NOW(),NULL,%d,%d)", next_id, d, w, c, count,
      all_local))
   con:query(string.format("INSERT INTO new_orders VALUES (%d,%d,%d)", next_id, d, w))
   for n, item in ipairs(items) do
      local price = con:query_row(string.format("SELECT i_price, i_name, i_data FROM item WHERE i_id = %d", item.id))
      if price == nil then
         con:query("ROLLBACK")  -- the order named an item that does not exist: the whole order is rolled back
         return
      end
      local quantity = tonumber((con:query_row(string.format("SELECT s_quantity, s_data, s_dist_%02d FROM stock "
         .. "WHERE s_i_id = %d AND s_w_id = %d FOR UPDATE", d, item.id, item.supply))))
      quantity = quantity - item.quantity >= 10 and quantity - item.quantity or quantity - item.quantity + 91
      con:query(string.format("UPDATE stock SET s_quantity = %d, s_ytd = s_ytd + %d, s_order_cnt = s_order_cnt + 1, "
         .. "s_remote_cnt = s_remote_cnt + %d WHERE s_i_id = %d AND s_w_id = %d", quantity, item.quantity,
         item.supply == w and 0 or 1, item.id, item.supply))
      con:query(string.format("INSERT INTO order_line VALUES (%d,%d,%d,%d,%d,%d,NULL,%d,%.2f,'%s')", next_id, d, w, n,
         item.id, item.supply, item.quantity, item.quantity * tonumber(price), letters(24, 24)))
   end
   con:query("COMMIT")
end

local function payment()
   local w, d = warehouse(), sysbench.rand.uniform(1, DISTRICTS)
   local c_w, c_d = w, d
   if sysbench.opt.warehouses > 1 and sysbench.rand.uniform(1, 100) <= 15 then  -- 15% pay at another warehouse
      repeat
         c_w = warehouse()
      until c_w ~= w
      c_d = sysbench.rand.uniform(1, DISTRICTS)
   end
   local amount = string.format("%d.%02d", sysbench.rand.uniform(1, 4999), sysbench.rand.uniform(0, 99))
   con:query("BEGIN")
   con:query(string.format("UPDATE warehouse SET w_ytd = w_ytd + %s WHERE w_id = %d", amount, w))
   con:query_row(string.format("SELECT w_name, w_street_1, w_city, w_state, w_zip FROM warehouse WHERE w_id = %d", w))
   con:query(string.format("UPDATE district SET d_ytd = d_ytd + %s WHERE d_w_id = %d AND d_id = %d", amount, w, d))
   con:query_row(string.format("SELECT d_name, d_street_1, d_city, d_state, d_zip FROM district "
      .. "WHERE d_w_id = %d AND d_id = %d", w, d))
   local c = find_customer(c_w, c_d, true)
   local credit = con:query_row(string.format("SELECT c_credit, c_first, c_last, c_balance FROM customer "
      .. "WHERE c_w_id = %d AND c_d_id = %d AND c_id = %d FOR UPDATE", c_w, c_d, c))
   local bad_credit = credit == "BC" and string.format(", c_data = LEFT(CONCAT('%d %d %d %d %d %s ', c_data), 500)",
      c, c_d, c_w, d, w, amount) or ""
   con:query(string.format("UPDATE customer SET c_balance = c_balance - %s, c_ytd_payment = c_ytd_payment + %s, "
      .. "c_payment_cnt = c_payment_cnt + 1%s WHERE c_w_id = %d AND c_d_id = %d AND c_id = %d", amount, amount,
      bad_credit, c_w, c_d, c))
   con:query(string.format("INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data) "
      .. "VALUES (%d,%d,%d,%d,%d,NOW(),%s,'%s')", c, c_d, c_w, d, w, amount, letters(12, 24)))
   con:query("COMMIT")
end

local function order_status()
   local w, d = warehouse(), sysbench.rand.uniform(1, DISTRICTS)
   con:query("BEGIN")
   local c = find_customer(w, d, false)
   con:query_row(string.format("SELECT c_balance, c_first, c_middle, c_last FROM customer "
      .. "WHERE c_w_id = %d AND c_d_id = %d AND c_id = %d", w, d, c))
   local o = con:query_row(string.format("SELECT o_id, o_carrier_id, o_entry_d FROM orders "
      .. "WHERE o_w_id = %d AND o_d_id = %d AND o_c_id = %d ORDER BY o_id DESC LIMIT 1", w, d, c))
   if o ~= nil then
      con:query(string.format("SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line "
         .. "WHERE ol_w_id = %d AND ol_d_id = %d AND ol_o_id = %s", w, d, o))
   end
   con:query("COMMIT")
end

local function delivery()
   local w, carrier = warehouse(), sysbench.rand.uniform(1, 10)
   con:query("BEGIN")
   for d = 1, DISTRICTS do
      local o = con:query_row(string.format("SELECT no_o_id FROM new_orders WHERE no_w_id = %d AND no_d_id = %d "
         .. "ORDER BY no_o_id LIMIT 1 FOR UPDATE", w, d))
      if o ~= nil then
         con:query(string.format("DELETE FROM new_orders WHERE no_w_id = %d AND no_d_id = %d AND no_o_id = %s", w, d, o))
         local c = con:query_row(string.format("SELECT o_c_id FROM orders WHERE o_w_id = %d AND o_d_id = %d "
            .. "AND o_id = %s", w, d, o))
         con:query(string.format("UPDATE orders SET o_carrier_id = %d WHERE o_w_id = %d AND o_d_id = %d AND o_id = %s",
            carrier, w, d, o))
         con:query(string.format("UPDATE order_line SET ol_delivery_d = NOW() WHERE ol_w_id = %d AND ol_d_id = %d "
            .. "AND ol_o_id = %s", w, d, o))
         local total = con:query_row(string.format("SELECT SUM(ol_amount) FROM order_line WHERE ol_w_id = %d "
            .. "AND ol_d_id = %d AND ol_o_id = %s", w, d, o))
         con:query(string.format("UPDATE customer SET c_balance = c_balance + %s, c_delivery_cnt = c_delivery_cnt + 1 "
            .. "WHERE c_w_id = %d AND c_d_id = %d AND c_id = %s", total or "0", w, d, c))
      end
   end
   con:query("COMMIT")
end

local function stock_level()
   local w, d, threshold = warehouse(), sysbench.rand.uniform(1, DISTRICTS), sysbench.rand.uniform(10, 20)
   con:query("BEGIN")
   local next_id = tonumber(con:query_row(string.format("SELECT d_next_o_id FROM district "
      .. "WHERE d_w_id = %d AND d_id = %d", w, d)))
   con:query_row(string.format("SELECT COUNT(DISTINCT s.s_i_id) FROM order_line ol JOIN stock s "
      .. "ON s.s_w_id = ol.ol_w_id AND s.s_i_id = ol.ol_i_id WHERE ol.ol_w_id = %d AND ol.ol_d_id = %d "
      .. "AND ol.ol_o_id >= %d AND ol.ol_o_id < %d AND s.s_quantity < %d", w, d, next_id - 20, next_id, threshold))
   con:query("COMMIT")
end

local TRANSACTIONS = {new_order = new_order, payment = payment, order_status = order_status, delivery = delivery,
                      stock_level = stock_level}

-- The standard mix (TPC-C 5.2.3): 45% New-Order, 43% Payment, 4% each of the others
function event()
   local r = sysbench.rand.uniform(1, 100)
   local kind = r <= 45 and "new_order" or r <= 88 and "payment" or r <= 92 and "order_status"
      or r <= 96 and "delivery" or "stock_level"
   if bench then
      bench.event_kind(kind)
   end
   TRANSACTIONS[kind]()
end
