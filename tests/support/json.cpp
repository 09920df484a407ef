#include "support/json.hpp"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace ujit::test {

namespace {

struct Reader {
    const std::string& s;
    size_t i = 0;

    [[noreturn]] void fail(const std::string& what) {
        throw std::runtime_error("json: " + what + " at offset " + std::to_string(i));
    }
    void ws() {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) ++i;
    }
    bool eat(char c) {
        ws();
        if (i < s.size() && s[i] == c) {
            ++i;
            return true;
        }
        return false;
    }
    void expect(char c) {
        if (!eat(c)) fail(std::string("expected '") + c + "'");
    }

    std::string string() {
        expect('"');
        std::string out;
        while (i < s.size() && s[i] != '"') {
            char c = s[i++];
            if (c != '\\') {
                out += c;
                continue;
            }
            if (i >= s.size()) fail("bad escape");
            char e = s[i++];
            switch (e) {
            case 'n': out += '\n'; break;
            case 't': out += '\t'; break;
            case 'r': out += '\r'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'u': {
                unsigned cp = std::stoul(s.substr(i, 4), nullptr, 16);
                i += 4;
                if (cp < 0x80)
                    out += char(cp);
                else if (cp < 0x800) {
                    out += char(0xC0 | (cp >> 6));
                    out += char(0x80 | (cp & 0x3F));
                } else {
                    out += char(0xE0 | (cp >> 12));
                    out += char(0x80 | ((cp >> 6) & 0x3F));
                    out += char(0x80 | (cp & 0x3F));
                }
                break;
            }
            default: out += e;
            }
        }
        expect('"');
        return out;
    }

    Json value(int depth = 0) {
        if (depth > 200) fail("nesting too deep");
        ws();
        Json j;
        if (i >= s.size()) fail("unexpected end");
        char c = s[i];
        if (c == '{') {
            ++i;
            j.kind = Json::Kind::Object;
            if (eat('}')) return j;
            do {
                ws();
                std::string k = string();
                expect(':');
                j.fields[k] = value(depth + 1);
            } while (eat(','));
            expect('}');
        } else if (c == '[') {
            ++i;
            j.kind = Json::Kind::Array;
            if (eat(']')) return j;
            do j.items.push_back(value(depth + 1));
            while (eat(','));
            expect(']');
        } else if (c == '"') {
            j.kind = Json::Kind::String;
            j.text = string();
        } else if (s.compare(i, 4, "true") == 0) {
            i += 4;
            j.kind = Json::Kind::Bool;
            j.b = true;
        } else if (s.compare(i, 5, "false") == 0) {
            i += 5;
            j.kind = Json::Kind::Bool;
        } else if (s.compare(i, 4, "null") == 0) {
            i += 4;
        } else {
            size_t start = i;
            while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == '-' || s[i] == '+' ||
                                    s[i] == '.' || s[i] == 'e' || s[i] == 'E'))
                ++i;
            if (start == i) fail("unexpected character");
            j.kind = Json::Kind::Number;
            j.text = s.substr(start, i - start);
        }
        return j;
    }
};

}  // namespace

const Json& Json::operator[](const std::string& key) const {
    auto it = fields.find(key);
    if (it == fields.end()) throw std::runtime_error("json: no field '" + key + "'");
    return it->second;
}

double Json::number() const {
    if (text == "inf") return INFINITY;
    if (text == "-inf") return -INFINITY;
    if (text == "nan") return NAN;
    if (kind == Kind::Bool) return b;
    return std::strtod(text.c_str(), nullptr);
}

long long Json::integer() const {
    if (kind == Kind::Bool) return b;
    return std::strtoll(text.c_str(), nullptr, 10);
}

Json parse_json(const std::string& text) {
    Reader r{text};
    Json j = r.value();
    r.ws();
    if (r.i != text.size()) r.fail("trailing characters");
    return j;
}

Json load_json(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::ostringstream s;
    s << in.rdbuf();
    return parse_json(s.str());
}

}  // namespace ujit::test
