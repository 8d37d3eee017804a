define({numchunks:1,prefix:'Toc_Chunk',chunkstart:['/Content/getting-started.htm'],tree:{n:[{i:0,c:0,n:[{i:1,c:0},{i:2,c:0}]}]}});
