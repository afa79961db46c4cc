import Pipeline
import Testing

@Suite struct JobsTests {
    @Test func neverMoreEnginesThanInputsAndADefaultThatStaysSmall() {
        // A lone input gets a second engine by default, to read its page ahead; not when asked for one.
        #expect(PipelineConfiguration.jobs(requested: nil, inputs: 1) == min(2, PipelineConfiguration.defaultJobs))
        #expect(PipelineConfiguration.jobs(requested: 1, inputs: 1) == 1)
        #expect(PipelineConfiguration.jobs(requested: nil, inputs: 3) == min(3, PipelineConfiguration.defaultJobs))
        #expect(PipelineConfiguration.jobs(requested: 64, inputs: 1) == 1)
        #expect(PipelineConfiguration.jobs(requested: 3, inputs: 10) == 3)
        #expect(PipelineConfiguration.jobs(requested: nil, inputs: 0) == 1)
        #expect(PipelineConfiguration.jobs(requested: nil, inputs: 1000) <= PipelineConfiguration.maxDefaultJobs)
        #expect(PipelineConfiguration.defaultJobs <= PipelineConfiguration.maxDefaultJobs)
    }
}
