import Pipeline
import Testing

@Suite struct JobsTests {
    @Test func neverMoreEnginesThanInputsAndADefaultThatStaysSmall() {
        #expect(PipelineConfiguration.jobs(requested: 64, inputs: 1) == 1)
        #expect(PipelineConfiguration.jobs(requested: 3, inputs: 10) == 3)
        #expect(PipelineConfiguration.jobs(requested: nil, inputs: 0) == 1)
        #expect(PipelineConfiguration.jobs(requested: nil, inputs: 1000) <= PipelineConfiguration.maxDefaultJobs)
        #expect(PipelineConfiguration.defaultJobs <= PipelineConfiguration.maxDefaultJobs)
    }
}
