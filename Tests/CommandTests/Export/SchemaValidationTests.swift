import Foundation
import Testing

/// EXPORT.schema.json is a valid JSON Schema and describes what export writes: the golden export of
/// Examples/week and the export of the whole real-style corpus validate against it (with Python's
/// `jsonschema` package, skipped with the reason where it is missing). A document that breaks it is refused.
@Suite(.tags(.slow)) struct SchemaValidationTests {
    static let python = pythonWith("jsonschema")

    /// Validates the JSON files `names` in `folder` against the schema; returns the validator's complaints.
    static func validate(_ names: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
            bad = 0
            for name in sys.argv[2:]:
                for error in validator.iter_errors(json.load(open(name))):
                    print(name, "/".join(map(str, error.absolute_path)), error.message)
                    bad += 1
            sys.exit(1 if bad else 0)
            """
        return try runProgram(try #require(python), ["-c", script, Repository.url("docs/EXPORT.schema.json").path] + names, in: folder)
    }

    @Test(.enabled(if: python != nil, "no python3 with the jsonschema package: pip install jsonschema"))
    func exportsValidateAgainstTheSchema() throws {
        let (archive, _) = try ExportImportCommandTests.corpusArchive()
        let corpus = try Binary.run(["export"], in: archive.url)
        try archive.write("corpus.json", bytes: corpus.stdoutBytes)
        try archive.write("week.json", bytes: [UInt8](try Data(contentsOf: ExportImportCommandTests.golden.appendingPathComponent("week.json"))))
        let result = try Self.validate(["corpus.json", "week.json"], in: archive.url)
        #expect(result.status == 0, "\(result.output)")
        // The check can fail: a status the schema does not list is reported.
        try archive.write("bad.json", String(decoding: corpus.stdoutBytes, as: UTF8.self)
            .replacingOccurrences(of: #""status":"done""#, with: #""status":"finished""#))
        let bad = try Self.validate(["bad.json"], in: archive.url)
        #expect(bad.status == 1)
        #expect(bad.output.contains("'finished' is not one of"))
    }
}
