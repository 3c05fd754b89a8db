package benchkit.sysbench.lua;

import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.VarArgFunction;

import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.IsoFields;
import java.util.Locale;

/**
 * {@code os.date} and {@code os.time} as LuaJIT's, which hand the format to glibc's strftime and the table to mktime
 * in the C locale: {@code %c} is {@code "Thu Jan  1 00:00:00 1970"}, glibc's other conversions, flags ({@code _ - 0
 * ^ #}), widths and E/O modifiers work, and an unknown conversion is copied as it is. LuaJ's take a few conversions,
 * refuse the rest, pad {@code %c}'s day with '0', and compute dates in the default locale's calendar (Buddhist in
 * th_TH). Times are the zone of TZ (Java reads it as libc does); a format starting with '!' is UTC.
 */
final class Strftime {
    private static final String[] DAYS = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"};
    private static final String[] MONTHS = {"January", "February", "March", "April", "May", "June", "July", "August",
            "September", "October", "November", "December"};

    private final ZonedDateTime t;
    private final boolean utc;
    private final StringBuilder out = new StringBuilder();

    private Strftime(ZonedDateTime t, boolean utc) {
        this.t = t;
        this.utc = utc;
    }

    static void install(LuaTable os) {
        os.set("date", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                LuaString f = args.optstring(1, LuaString.valueOf("%c"));
                Long seconds = args.isnoneornil(2) ? null : (long) args.checkdouble(2);
                return date(new String(f.m_bytes, f.m_offset, f.m_length, StandardCharsets.ISO_8859_1), seconds);
            }
        });
        os.set("time", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                return args.isnoneornil(1) ? valueOf(Instant.now().getEpochSecond()) : time(args.checktable(1));
            }
        });
    }

    private static LuaValue valueOf(long seconds) {
        return LuaValue.valueOf((double) seconds);
    }

    /** os.date(format, seconds): format has a char per byte of the Lua string (ISO-8859-1), which the result keeps. */
    static LuaValue date(String format, Long seconds) {
        boolean utc = format.startsWith("!");
        String f = utc ? format.substring(1) : format;
        ZonedDateTime t;
        try {
            Instant at = Instant.ofEpochSecond(seconds == null ? Instant.now().getEpochSecond() : seconds);
            t = at.atZone(utc ? ZoneOffset.UTC : ZoneId.systemDefault());
        } catch (DateTimeException e) {
            return LuaValue.NIL;    // gmtime/localtime give no date for it
        }
        if (f.equals("*t")) {
            LuaTable r = new LuaTable();
            r.set("year", t.getYear());
            r.set("month", t.getMonthValue());
            r.set("day", t.getDayOfMonth());
            r.set("hour", t.getHour());
            r.set("min", t.getMinute());
            r.set("sec", t.getSecond());
            r.set("wday", t.getDayOfWeek().getValue() % 7 + 1);
            r.set("yday", t.getDayOfYear());
            r.set("isdst", LuaValue.valueOf(!utc && t.getZone().getRules().isDaylightSavings(t.toInstant())));
            return r;
        }
        Strftime s = new Strftime(t, utc);
        s.format(f);
        return LuaString.valueUsing(s.out.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    /** os.time(table) as mktime: fields out of range carry over (month 14 is February of the next year). */
    private static LuaValue time(LuaTable table) {
        // read in LuaJIT's order, which names the first missing field
        int sec = field(table, "sec", 0);
        int min = field(table, "min", 0);
        int hour = field(table, "hour", 12);
        int day = field(table, "day", -1);
        int month = field(table, "month", -1);
        int year = field(table, "year", -1);
        try {
            LocalDateTime local = LocalDateTime.of(year, 1, 1, 0, 0).plusMonths(month - 1L).plusDays(day - 1L)
                    .plusHours(hour).plusMinutes(min).plusSeconds(sec);
            return valueOf(local.atZone(ZoneId.systemDefault()).toEpochSecond());
        } catch (DateTimeException | ArithmeticException e) {
            return LuaValue.NIL;    // mktime's -1: no such time
        }
    }

    private static int field(LuaTable table, String key, int dflt) {
        LuaValue v = table.get(key);
        if (v.isnumber()) {
            return (int) v.todouble();
        }
        if (dflt < 0) {
            throw new LuaError("field '" + key + "' missing in date table");
        }
        return dflt;
    }

    private void format(String f) {
        for (int i = 0; i < f.length(); i++) {
            char c = f.charAt(i);
            if (c != '%' || i + 1 == f.length()) {
                out.append(c);
                continue;
            }
            int start = i++;
            String flags = "";
            while (i < f.length() && "_-0^#".indexOf(f.charAt(i)) >= 0) {
                flags += f.charAt(i++);
            }
            int width = -1;
            while (i < f.length() && f.charAt(i) >= '0' && f.charAt(i) <= '9') {
                width = Math.max(width, 0) * 10 + (f.charAt(i++) - '0');
            }
            char modifier = 0;
            if (i < f.length() && (f.charAt(i) == 'E' || f.charAt(i) == 'O')) {
                modifier = f.charAt(i++);    // the C locale has no alternative forms: the conversion's own
            }
            boolean modifiable = i < f.length() && (modifier == 0 || (modifier == 'E' ? "cCxXyY" : "deHImMSuUVwWy")
                    .indexOf(f.charAt(i)) >= 0);
            if (!modifiable || !conversion(f.charAt(i), flags, width)) {
                i = Math.min(i, f.length() - 1);
                out.append(f, start, i + 1);    // glibc copies what it does not know
            }
        }
    }

    /** Appends conversion c; false when glibc has no such conversion. */
    private boolean conversion(char c, String flags, int width) {
        int wday = t.getDayOfWeek().getValue() % 7;
        int yday = t.getDayOfYear() - 1;
        int hour12 = (t.getHour() + 11) % 12 + 1;
        switch (c) {
            case 'a' -> text(DAYS[wday].substring(0, 3), flags, width, true);
            case 'A' -> text(DAYS[wday], flags, width, true);
            case 'b', 'h' -> text(MONTHS[t.getMonthValue() - 1].substring(0, 3), flags, width, true);
            case 'B' -> text(MONTHS[t.getMonthValue() - 1], flags, width, true);
            case 'p' -> text(t.getHour() < 12 ? "AM" : "PM", flags.replace("#", "") + (flags.contains("#") ? "," : ""),
                    width, false);
            case 'P' -> text(t.getHour() < 12 ? "am" : "pm", flags, width, false);
            case 'Z' -> text(zone(), flags.replace("#", "") + (flags.contains("#") ? "," : ""), width, false);
            case 'c' -> composite("%a %b %e %H:%M:%S %Y", flags, width);
            case 'D', 'x' -> composite("%m/%d/%y", flags, width);
            case 'F' -> composite("%Y-%m-%d", flags, width);
            case 'r' -> composite("%I:%M:%S %p", flags, width);
            case 'R' -> composite("%H:%M", flags, width);
            case 'T', 'X' -> composite("%H:%M:%S", flags, width);
            case 'C' -> number(Math.floorDiv(t.getYear(), 100), 2, '0', flags, width);
            case 'd' -> number(t.getDayOfMonth(), 2, '0', flags, width);
            case 'e' -> number(t.getDayOfMonth(), 2, ' ', flags, width);
            case 'g' -> number(Math.floorMod(t.get(IsoFields.WEEK_BASED_YEAR), 100), 2, '0', flags, width);
            case 'G' -> number(t.get(IsoFields.WEEK_BASED_YEAR), 1, '0', flags, width);
            case 'H' -> number(t.getHour(), 2, '0', flags, width);
            case 'I' -> number(hour12, 2, '0', flags, width);
            case 'j' -> number(yday + 1, 3, '0', flags, width);
            case 'k' -> number(t.getHour(), 2, ' ', flags, width);
            case 'l' -> number(hour12, 2, ' ', flags, width);
            case 'm' -> number(t.getMonthValue(), 2, '0', flags, width);
            case 'M' -> number(t.getMinute(), 2, '0', flags, width);
            case 's' -> number(t.toEpochSecond(), 1, '0', flags, width);
            case 'S' -> number(t.getSecond(), 2, '0', flags, width);
            case 'u' -> number(wday == 0 ? 7 : wday, 1, '0', flags, width);
            case 'U' -> number((yday + 7 - wday) / 7, 2, '0', flags, width);
            case 'V' -> number(t.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR), 2, '0', flags, width);
            case 'w' -> number(wday, 1, '0', flags, width);
            case 'W' -> number((yday + 7 - (wday + 6) % 7) / 7, 2, '0', flags, width);
            case 'y' -> number(Math.floorMod(t.getYear(), 100), 2, '0', flags, width);
            case 'Y' -> number(t.getYear(), 1, '0', flags, width);
            case 'z' -> {
                int minutes = Math.abs(t.getOffset().getTotalSeconds() / 60);
                out.append(t.getOffset().getTotalSeconds() < 0 ? '-' : '+');
                number(minutes / 60 * 100 + minutes % 60, 4, '0', flags, width < 0 ? -1 : width - 1);
            }
            case 'n' -> out.append('\n');
            case 't' -> out.append('\t');
            case '%' -> out.append('%');
            default -> {
                return false;
            }
        }
        return true;
    }

    /** The zone's abbreviation: glibc's gmtime names its zone GMT. */
    private String zone() {
        return utc ? "GMT" : DateTimeFormatter.ofPattern("zzz", Locale.ROOT).format(t);
    }

    /** A number, padded to its digits (or the width) with pad, or as the '_', '-' or '0' flag says. */
    private void number(long n, int digits, char pad, String flags, int width) {
        String s = Long.toString(n);
        int size = width >= 0 ? width : digits;
        char p = flags.indexOf('-') >= 0 ? 0 : flags.indexOf('_') >= 0 ? ' ' : flags.indexOf('0') >= 0 ? '0' : pad;
        if (p != 0) {
            out.append(String.valueOf(p).repeat(Math.max(0, size - s.length())));
        }
        out.append(s);
    }

    /**
     * A name, padded with spaces to the width; '^' upper-cases it, '#' upper-cases a day's or month's name and the
     * ',' this class passes for %p and %Z (whose '#' means lower case) lower-cases it.
     */
    private void text(String s, String flags, int width, boolean name) {
        if (flags.contains("^") || (name && flags.contains("#"))) {
            s = s.toUpperCase(Locale.ROOT);
        } else if (flags.contains(",")) {
            s = s.toLowerCase(Locale.ROOT);
        }
        pad(s, flags, width);
    }

    private void composite(String f, String flags, int width) {
        Strftime inner = new Strftime(t, utc);
        inner.format(f);
        String s = inner.out.toString();
        pad(flags.contains("^") ? s.toUpperCase(Locale.ROOT) : s, flags, width);
    }

    private void pad(String s, String flags, int width) {
        if (!flags.contains("-") && width > s.length()) {
            out.append(String.valueOf(flags.contains("0") ? '0' : ' ').repeat(width - s.length()));
        }
        out.append(s);
    }
}
